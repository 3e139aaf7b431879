import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, isInternalAddress, RefusedTarget } from './webhook-target.js';

describe('isInternalAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['not-an-ip', true],
  ])('%s -> %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});

describe('checkWebhookTarget', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses;

  it('resolves the host name first: a public-looking name pointing inside is refused', async () => {
    await expect(
      checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34', '10.0.0.5')),
    ).rejects.toBeInstanceOf(RefusedTarget);
    await expect(
      checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34')),
    ).resolves.toBeUndefined();
    await expect(checkWebhookTarget('http://[::1]:8080/x', false, resolvesTo())).rejects.toBeInstanceOf(
      RefusedTarget,
    );
  });

  it('allows anything http(s) when private targets are allowed, never other schemes', async () => {
    await expect(checkWebhookTarget('http://127.0.0.1/x', true, resolvesTo())).resolves.toBeUndefined();
    await expect(checkWebhookTarget('file:///etc/passwd', true, resolvesTo())).rejects.toBeInstanceOf(
      RefusedTarget,
    );
  });

  it('treats a name that does not resolve as a failure to retry, not a refusal', async () => {
    const error = await checkWebhookTarget('https://nowhere.example/x', false, async () => {
      throw new Error('ENOTFOUND');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RefusedTarget);
  });
});
