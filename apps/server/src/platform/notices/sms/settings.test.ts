import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ProviderServer,
  startAliyunServer,
  startTencentServer,
} from '../../../test-support/sms-provider-servers.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import {
  ProviderSettingsError,
  type SmsProviderSettings,
  smsProviderFrom,
  templateFor,
  voiceProviderFrom,
} from './settings.js';

const box = createSecretBox(randomBytes(32));
const SECRET = 'sealed-secret-value-7d1f';
let aliyun: ProviderServer;
let tencent: ProviderServer;
beforeAll(async () => {
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-key', accessKeySecret: SECRET });
  tencent = await startTencentServer({ secretId: 'AKID-key', secretKey: SECRET, sdkAppId: '1400000001' });
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
});

const base = (over: Partial<SmsProviderSettings>): SmsProviderSettings => ({
  provider: 'aliyun',
  accessKeyId: 'LTAI-key',
  accessKeySecret: box.seal(SECRET),
  signName: '泵站监控',
  templates: { alarm: 'SMS_1', code: 'SMS_2' },
  timeoutMs: 2000,
  ...over,
});

describe('providers built from stored settings', () => {
  it('open the sealed secret and send through either provider', async () => {
    const a = base({ endpoint: aliyun.url });
    expect(
      await smsProviderFrom(a, box).send({
        phone: '13800138000',
        templateCode: templateFor(a, 'alarm'),
        signName: '泵站监控',
        params: {},
      }),
    ).toMatchObject({ accepted: true });
    expect(
      await voiceProviderFrom(a, box).call({ phone: '13800138000', ttsCode: 'TTS_1', params: {} }),
    ).toMatchObject({ accepted: true });
    const t = base({
      provider: 'tencent',
      accessKeyId: 'AKID-key',
      sdkAppId: '1400000001',
      endpoint: tencent.url,
      templates: { alarm: '1234' },
    });
    expect(
      await smsProviderFrom(t, box).send({
        phone: '13800138000',
        templateCode: templateFor(t, 'alarm'),
        signName: '泵站监控',
        params: {},
      }),
    ).toMatchObject({ accepted: true });
    expect(
      await voiceProviderFrom(t, box).call({ phone: '13800138000', ttsCode: '4321', params: {} }),
    ).toMatchObject({ accepted: true });
  });

  it('name what is missing without the secret', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => smsProviderFrom(base({}), other)).toThrow(ProviderSettingsError);
    expect(() => smsProviderFrom(base({ provider: 'tencent' }), box)).toThrow(/SdkAppId/);
    expect(() => templateFor(base({}), 'recovery')).toThrow(/recovery/);
    try {
      smsProviderFrom(base({}), other);
    } catch (error) {
      expect((error as Error).message).not.toContain(SECRET);
    }
  });
});
