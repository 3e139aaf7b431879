import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatPayServer, type WechatPayServer } from '../../test-support/wechatpay-server.js';
import { createWechatPay, type WechatPaySettings, wechatDecrypt } from './wechat.js';

const pem = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pem();
const stranger = pem();
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);

let server: WechatPayServer;
let base: WechatPaySettings;
beforeAll(async () => {
  server = await startWechatPayServer({
    appId: 'wx8888888888888888',
    mchId: '1900000109',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPublicKey: merchant.publicKey,
    apiV3Key: API_V3_KEY,
  });
  base = {
    appId: 'wx8888888888888888',
    mchId: '1900000109',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPrivateKey: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    platformPublicKey: server.platformPublicKey,
    endpoint: server.url,
    timeoutMs: 2000,
  };
});
afterAll(() => server.close());

const order = (no: string, amount = 1234) => ({
  outTradeNo: no,
  amount,
  description: '余额充值 top-up',
  notifyUrl: 'http://127.0.0.1:9/pay/notify/wechat',
  expiresAt: new Date(Date.now() + 15 * 60_000),
});

describe('WeChat Pay APIv3 adapter', () => {
  it('creates a Native order (code_url), queries it, closes it', async () => {
    const pay = createWechatPay(base);
    const created = await pay.createQrOrder(order('T20261127000001'));
    expect(created).toMatchObject({
      ok: true,
      codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/),
    });
    expect(server.orders.get('T20261127000001')).toMatchObject({ total: 1234, trade_state: 'NOTPAY' });
    expect(await pay.query('T20261127000001')).toMatchObject({ ok: true, state: 'unpaid', amount: 1234 });
    expect(await pay.close('T20261127000001')).toEqual({ ok: true });
    expect(await pay.query('T20261127000001')).toMatchObject({ ok: true, state: 'closed' });
    expect(await pay.query('T20261127999999')).toMatchObject({ ok: true, state: 'not_found' });
  });

  it('answers the provider errors: wrong merchant key (SIGN_ERROR), paid order close, throttling', async () => {
    const wrong = createWechatPay({ ...base, merchantPrivateKey: stranger.privateKey });
    expect(await wrong.createQrOrder(order('T20261127000002'))).toMatchObject({
      ok: false,
      code: 'SIGN_ERROR',
      retryable: false,
    });
    expect(server.orders.has('T20261127000002')).toBe(false);
    const pay = createWechatPay(base);
    await pay.createQrOrder(order('T20261127000003'));
    await server.pay('T20261127000003');
    expect(await pay.close('T20261127000003')).toEqual({ ok: true, alreadyPaid: true });
    expect(await pay.query('T20261127000003')).toMatchObject({ state: 'paid', amount: 1234 });
    server.failNext('throttle');
    expect(await pay.query('T20261127000003')).toMatchObject({
      ok: false,
      code: 'FREQUENCY_LIMITED',
      retryable: true,
    });
    server.failNext('server-error');
    expect(await pay.createQrOrder(order('T20261127000004'))).toMatchObject({
      ok: false,
      code: 'SYSTEM_ERROR',
      retryable: true,
    });
  });

  it('refuses an answer that is not signed by the platform key', async () => {
    server.failNext('unsigned');
    const pay = createWechatPay(base);
    expect(await pay.createQrOrder(order('T20261127000005'))).toMatchObject({
      ok: false,
      code: 'BAD_SIGNATURE',
    });
    const other = createWechatPay({ ...base, platformPublicKey: stranger.publicKey });
    expect(await other.query('T20261127000003')).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
  });

  it('verifies a notification: signature, freshness, then decryption', async () => {
    const pay = createWechatPay(base);
    await pay.createQrOrder(order('T20261127000006', 500));
    server.orders.get('T20261127000006')!.trade_state = 'SUCCESS';
    const n = server.notification('T20261127000006');
    const headers = Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(pay.verifyNotification({ headers, body: n.body })).toMatchObject({
      provider: 'wechat',
      appId: 'wx8888888888888888',
      merchantId: '1900000109',
      outTradeNo: 'T20261127000006',
      amount: 500,
      state: 'paid',
    });
    // One changed byte of the body: the signature no longer verifies.
    const tampered = n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESs"');
    expect(() => pay.verifyNotification({ headers, body: tampered })).toThrow(/Wechatpay-Signature/);
    expect(() =>
      pay.verifyNotification({ headers: { ...headers, 'wechatpay-signature': '' }, body: n.body }),
    ).toThrow(/Wechatpay-Signature/);
    // Signed by someone else.
    const forger = createWechatPay({ ...base, platformPublicKey: stranger.publicKey });
    expect(() => forger.verifyNotification({ headers, body: n.body })).toThrow(/Wechatpay-Signature/);
    // Replayed much later.
    const later = createWechatPay({ ...base, now: () => new Date(Date.now() + 10 * 60_000) });
    expect(() => later.verifyNotification({ headers, body: n.body })).toThrow(/too old/);
    // Signed right but encrypted with another APIv3 key.
    const otherKey = createWechatPay({ ...base, apiV3Key: 'c'.repeat(32) });
    expect(() => otherKey.verifyNotification({ headers, body: n.body })).toThrow(/decrypt/);
  });

  it('decrypts the documented AEAD_AES_256_GCM resource and refuses a tampered one', () => {
    const n = server.notification('T20261127000006');
    const resource = (
      JSON.parse(n.body) as { resource: { nonce: string; associated_data: string; ciphertext: string } }
    ).resource;
    expect(
      JSON.parse(wechatDecrypt(API_V3_KEY, resource.nonce, resource.associated_data, resource.ciphertext)),
    ).toMatchObject({
      out_trade_no: 'T20261127000006',
    });
    expect(() => wechatDecrypt(API_V3_KEY, resource.nonce, 'other', resource.ciphertext)).toThrow();
  });

  it('refuses an APIv3 key that is not 32 characters', () => {
    expect(() => createWechatPay({ ...base, apiV3Key: 'short' })).toThrow(/32/);
  });
});
