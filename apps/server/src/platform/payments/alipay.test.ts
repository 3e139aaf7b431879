import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlipayGateway, startAlipayGateway } from '../../test-support/alipay-server.js';
import { type AlipaySettings, alipaySignContent, createAlipay, responseNode } from './alipay.js';
import { centsOfYuan, yuan } from './provider.js';

const pem = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const app = pem();
const stranger = pem();

let gateway: AlipayGateway;
let base: AlipaySettings;
beforeAll(async () => {
  gateway = await startAlipayGateway({
    appId: '2021000000000001',
    appPublicKey: app.publicKey,
    sellerId: '2088000000000001',
  });
  base = {
    appId: '2021000000000001',
    appPrivateKey: app.privateKey,
    alipayPublicKey: gateway.alipayPublicKey,
    sellerId: '2088000000000001',
    gateway: gateway.url,
    timeoutMs: 2000,
  };
});
afterAll(() => gateway.close());

const order = (no: string, amount = 1230) => ({
  outTradeNo: no,
  amount,
  description: 'Top-up 充值',
  notifyUrl: 'http://127.0.0.1:9/pay/notify/alipay',
  expiresAt: new Date(Date.now() + 15 * 60_000),
});

describe('Alipay adapter', () => {
  it('converts cents and yuan both ways', () => {
    expect(yuan(1230)).toBe('12.30');
    expect(yuan(5)).toBe('0.05');
    expect(centsOfYuan('12.3')).toBe(1230);
    expect(centsOfYuan('12')).toBe(1200);
    expect(centsOfYuan('0.05')).toBe(5);
    expect(centsOfYuan('1.234')).toBeNull();
    expect(centsOfYuan('-1')).toBeNull();
  });

  it('builds the documented sign content (sorted, empty values and sign left out)', () => {
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', c: '' })).toBe('a=1&b=2');
    expect(responseNode('{"x_response":{"a":"}\\"","b":{"c":1}},"sign":"s"}', 'x_response')).toBe(
      '{"a":"}\\"","b":{"c":1}}',
    );
  });

  it('precreates a QR order, queries and closes it', async () => {
    const pay = createAlipay(base);
    expect(await pay.createQrOrder(order('A20261127000001'))).toMatchObject({
      ok: true,
      codeUrl: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//),
    });
    expect(gateway.orders.get('A20261127000001')).toMatchObject({ total_amount: '12.30' });
    expect(await pay.query('A20261127000001')).toMatchObject({ ok: true, state: 'unpaid', amount: 1230 });
    expect(await pay.close('A20261127000001')).toEqual({ ok: true });
    expect(await pay.query('A20261127000001')).toMatchObject({ state: 'closed' });
    expect(await pay.query('A20261127999999')).toMatchObject({ ok: true, state: 'not_found' });
    expect(await pay.close('A20261127999999')).toEqual({ ok: true });
  });

  it('answers the gateway errors: wrong key, paid order, system error, forged answer', async () => {
    const wrong = createAlipay({ ...base, appPrivateKey: stranger.privateKey });
    expect(await wrong.createQrOrder(order('A20261127000002'))).toMatchObject({
      ok: false,
      code: 'isv.invalid-signature',
      retryable: false,
    });
    const pay = createAlipay(base);
    await pay.createQrOrder(order('A20261127000003'));
    await gateway.pay('A20261127000003');
    expect(await pay.createQrOrder(order('A20261127000003'))).toMatchObject({
      ok: false,
      code: 'ACQ.TRADE_HAS_SUCCESS',
    });
    expect(await pay.close('A20261127000003')).toEqual({ ok: true, alreadyPaid: true });
    gateway.failNext();
    expect(await pay.query('A20261127000003')).toMatchObject({
      ok: false,
      code: 'ACQ.SYSTEM_ERROR',
      retryable: true,
    });
    const fooled = createAlipay({ ...base, alipayPublicKey: stranger.publicKey });
    expect(await fooled.query('A20261127000003')).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
  });

  it('signs a page-pay URL the gateway can verify', () => {
    const url = new URL(
      createAlipay(base).pagePayUrl({ ...order('A20261127000009'), returnUrl: 'http://x/r' }),
    );
    const params = Object.fromEntries(url.searchParams);
    expect(params.method).toBe('alipay.trade.page.pay');
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '12.30',
    });
  });

  it('verifies notifications (RSA2 over the sorted parameters) and refuses forgeries', async () => {
    const pay = createAlipay(base);
    await pay.createQrOrder(order('A20261127000004', 99));
    gateway.orders.get('A20261127000004')!.trade_status = 'TRADE_SUCCESS';
    const body = gateway.notification('A20261127000004');
    expect(pay.verifyNotification({ headers: {}, body })).toMatchObject({
      provider: 'alipay',
      appId: '2021000000000001',
      outTradeNo: 'A20261127000004',
      amount: 99,
      state: 'paid',
    });
    // A changed amount after signing.
    const tampered = body.replace('total_amount=0.99', 'total_amount=990.00');
    expect(tampered).not.toBe(body);
    expect(() => pay.verifyNotification({ headers: {}, body: tampered })).toThrow(/does not verify/);
    // Signed by another key.
    const fooled = createAlipay({ ...base, alipayPublicKey: stranger.publicKey });
    expect(() => fooled.verifyNotification({ headers: {}, body })).toThrow(/does not verify/);
    expect(() => pay.verifyNotification({ headers: {}, body: 'out_trade_no=A20261127000004' })).toThrow(
      /no sign/,
    );
    // Properly signed, but for another seller.
    const foreign = gateway.notification('A20261127000004', { seller_id: '2088999999999999' });
    expect(() => pay.verifyNotification({ headers: {}, body: foreign })).toThrow(/seller_id/);
  });
});
