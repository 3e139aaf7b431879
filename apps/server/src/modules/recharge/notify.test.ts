import type { BalanceReport, RechargeOrderRow } from '@fleet/contracts';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import { call } from '../../test-support/factories.js';
import { type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { ledgerTransfers } from '../ledger/ledger.table.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { rechargeOrders } from './recharge.table.js';
import { createTopUpService } from './topup.service.js';

let kit: RechargeKit;
let payer: { id: number; token: string };
beforeAll(async () => {
  kit = await startRechargeKit();
  expect((await kit.saveWechat()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  expect((await kit.saveAlipay()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  payer = await kit.user();
}, 60_000);
afterAll(() => kit?.close());

const topUp = (provider: 'wechat' | 'alipay', amount: number, token = payer.token) =>
  call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/orders', { token, body: { amount, provider } });
const balance = async (token = payer.token) =>
  (await call<BalanceReport>(kit.t.app, 'GET', '/recharge/balance', { token })).body.data.available;
const order = async (id: number) =>
  (await call<RechargeOrderRow>(kit.t.app, 'GET', `/recharge/orders/${id}`, { token: payer.token })).body
    .data;
const keyRows = (no: string) =>
  kit.t.database.db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `%${no}`));
const post = (provider: string, headers: Record<string, string>, body: string) =>
  fetch(`${kit.baseUrl}/api/v1/pay/notify/${provider}`, { method: 'POST', headers, body });
const expiry = () =>
  createTopUpService({
    orders: createRechargeRepository(kit.t.database.db),
    merchants: createMerchantsRepository(kit.t.database.db),
    box: secretBoxFor(kit.t.config),
    db: kit.t.database.db,
    clock: () => new Date(),
  });
const expireNow = (id: number) =>
  kit.t.database.db
    .update(rechargeOrders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(rechargeOrders.id, id));

describe('WeChat Pay top-up', () => {
  it('creates the order and its code_url, credits the balance once when the verified notification arrives', async () => {
    const before = await balance();
    const created = await topUp('wechat', 1234);
    expect(created.body.code).toBe(0);
    const o = created.body.data;
    expect(o).toMatchObject({
      status: 0,
      pay_mode: 0,
      amount: 1234,
      code_url: expect.stringMatching(/^weixin:/),
    });
    expect(kit.wechat.orders.get(o.out_trade_no)?.notify_url).toBe(`${kit.baseUrl}/api/v1/pay/notify/wechat`);
    expect(await balance()).toBe(before);
    const delivered = await kit.wechat.pay(o.out_trade_no);
    expect(delivered.status).toBe(204);
    expect(await order(o.id)).toMatchObject({
      status: 1,
      code_url: '',
      transaction_id: expect.stringMatching(/^4200/),
    });
    expect(await balance()).toBe(before + 1234);
    // Resent, sequentially and all at once: success every time, money once.
    for (let i = 0; i < 3; i++) expect((await kit.wechat.deliver(o.out_trade_no)).status).toBe(204);
    const burst = await Promise.all(Array.from({ length: 8 }, () => kit.wechat.deliver(o.out_trade_no)));
    expect(burst.every((d) => d.status === 204)).toBe(true);
    expect(await balance()).toBe(before + 1234);
    expect(await keyRows(o.out_trade_no)).toHaveLength(1);
    expect((await keyRows(o.out_trade_no))[0]).toMatchObject({
      idempotencyKey: `pay:wechat:${o.out_trade_no}`,
      amount: 1234,
    });
  });

  it('refuses forged, tampered, amount-mismatched, foreign and unknown notifications and changes nothing', async () => {
    const o = (await topUp('wechat', 500)).body.data;
    kit.wechat.orders.get(o.out_trade_no)!.trade_state = 'SUCCESS';
    const before = await balance();
    const genuine = kit.wechat.notification(o.out_trade_no);
    const attempts: Array<[string, Record<string, string>, string]> = [
      ['tampered body', genuine.headers, genuine.body.replace('"summary":"', '"summary":"x')],
      ['no signature', { ...genuine.headers, 'Wechatpay-Signature': '' }, genuine.body],
      [
        'other signature',
        { ...genuine.headers, 'Wechatpay-Signature': Buffer.alloc(256, 7).toString('base64') },
        genuine.body,
      ],
      ['provider-signed, other amount', ...pair(kit.wechat.notification(o.out_trade_no, { total: 50_000 }))],
      [
        'provider-signed, foreign app',
        ...pair(kit.wechat.notification(o.out_trade_no, { appid: 'wx0000000000000000' })),
      ],
      [
        'provider-signed, foreign merchant',
        ...pair(kit.wechat.notification(o.out_trade_no, { mchid: '1900000999' })),
      ],
    ];
    for (const [what, headers, body] of attempts) {
      const res = await post('wechat', headers, body);
      expect(res.status, what).toBe(500);
      expect(await res.json(), what).toMatchObject({ code: 'FAIL' });
    }
    expect(await balance()).toBe(before);
    expect(await order(o.id)).toMatchObject({ status: 0 });
    expect(await keyRows(o.out_trade_no)).toHaveLength(0);
    // The genuine one still applies afterwards.
    expect((await post('wechat', genuine.headers, genuine.body)).status).toBe(204);
    expect(await balance()).toBe(before + 500);
  });

  it('refuses a notification for an order that is not ours', async () => {
    const o = (await topUp('wechat', 700)).body.data;
    const order = kit.wechat.orders.get(o.out_trade_no)!;
    kit.wechat.orders.set('R00000000000000099999999', {
      ...order,
      out_trade_no: 'R00000000000000099999999',
      trade_state: 'SUCCESS',
    });
    const res = await post('wechat', ...pair(kit.wechat.notification('R00000000000000099999999')));
    expect(res.status).toBe(500);
    expect(await keyRows('R00000000000000099999999')).toHaveLength(0);
  });

  it('closes an expired unpaid order at the provider and marks it timed out (3); a lost notification is applied', async () => {
    const unpaid = (await topUp('wechat', 300)).body.data;
    const paidLost = (await topUp('wechat', 400)).body.data;
    // The payer paid but the notification never arrived (our server was down).
    const lost = kit.wechat.orders.get(paidLost.out_trade_no)!;
    lost.trade_state = 'SUCCESS';
    lost.transaction_id = '4200000000000000000000000001';
    await expireNow(unpaid.id);
    await expireNow(paidLost.id);
    const before = await balance();
    const result = await expiry().expireDue();
    expect(result).toMatchObject({ timedOut: 1, applied: 1 });
    expect(await order(unpaid.id)).toMatchObject({ status: 3, code_url: '' });
    expect(kit.wechat.orders.get(unpaid.out_trade_no)?.trade_state).toBe('CLOSED');
    expect(await order(paidLost.id)).toMatchObject({ status: 1 });
    expect(await balance()).toBe(before + 400);
    // A later notification of the applied order changes nothing.
    expect((await kit.wechat.deliver(paidLost.out_trade_no)).status).toBe(204);
    expect(await balance()).toBe(before + 400);
    expect(await expiry().expireDue()).toMatchObject({ timedOut: 0, applied: 0 });
  });

  it('keeps an expired order for the next tick when the provider cannot be reached', async () => {
    const o = (await topUp('wechat', 100)).body.data;
    await expireNow(o.id);
    kit.wechat.failNext('server-error', 2);
    expect(await expiry().expireDue()).toMatchObject({ timedOut: 0, kept: 1 });
    expect(await order(o.id)).toMatchObject({ status: 0 });
    expect(await expiry().expireDue()).toMatchObject({ timedOut: 1 });
  });

  it('marks the order failed (2) with a clear 20000 when the provider refuses it', async () => {
    kit.wechat.failNext('throttle');
    const res = await topUp('wechat', 100);
    expect(res.body.code).toBe(20000);
    expect(res.body.msg).toMatch(/FREQUENCY_LIMITED/);
    const [row] = await kit.t.database.db
      .select()
      .from(rechargeOrders)
      .orderBy(desc(rechargeOrders.id))
      .limit(1);
    expect(row).toMatchObject({ status: 2, failure: expect.stringMatching(/FREQUENCY_LIMITED/) });
  });
});

describe('Alipay top-up', () => {
  it('credits once, answers `success` after the commit, refuses forgeries with `fail`', async () => {
    const o = (await topUp('alipay', 999)).body.data;
    expect(o.code_url).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const before = await balance();
    expect(await kit.alipay.pay(o.out_trade_no)).toMatchObject({ status: 200, body: 'success' });
    expect(await balance()).toBe(before + 999);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 3; i++) {
      const res = await post('alipay', form, kit.alipay.notification(o.out_trade_no));
      expect(await res.text()).toBe('success');
    }
    const forged = [
      kit.alipay.notification(o.out_trade_no).replace('total_amount=9.99', 'total_amount=99.90'),
      kit.alipay.notification(o.out_trade_no, { total_amount: '99.90' }),
      kit.alipay.notification(o.out_trade_no, { app_id: '2021000000000777' }),
      kit.alipay.notification(o.out_trade_no, { seller_id: '2088000000000777' }),
      kit.alipay.notification(o.out_trade_no, { out_trade_no: 'R00000000000000011111111' }),
      `${kit.alipay.notification(o.out_trade_no)}&sign_type=RSA`,
    ];
    for (const body of forged) expect(await (await post('alipay', form, body)).text()).toBe('fail');
    expect(await balance()).toBe(before + 999);
    expect(await keyRows(o.out_trade_no)).toHaveLength(1);
  });

  it('a notification refused at first is resent on Alipay’s schedule and applied once when it verifies', async () => {
    const o = (await topUp('alipay', 250)).body.data;
    // A wrong Alipay public key stored: the first delivery fails verification and is queued for resends.
    await kit.saveAlipay({ public_key: kit.keys.merchant.publicKey });
    const paidAt = new Date();
    expect((await kit.alipay.pay(o.out_trade_no, paidAt)).body).toBe('fail');
    expect(kit.alipay.pendingResends()).toBe(1);
    expect(await kit.alipay.resendDue(new Date(paidAt.getTime() + 3 * 60_000))).toBe(0);
    expect(await kit.alipay.resendDue(new Date(paidAt.getTime() + 4 * 60_000))).toBe(1);
    expect(kit.alipay.pendingResends()).toBe(1);
    const before = await balance();
    await kit.saveAlipay();
    expect(await kit.alipay.resendDue(new Date(paidAt.getTime() + 14 * 60_000))).toBe(1);
    expect(kit.alipay.pendingResends()).toBe(0);
    expect(kit.alipay.deliveries.filter((d) => d.outTradeNo === o.out_trade_no).map((d) => d.body)).toEqual([
      'fail',
      'fail',
      'success',
    ]);
    expect(await balance()).toBe(before + 250);
    expect(await order(o.id)).toMatchObject({ status: 1 });
  });

  it('an expired precreated order nobody scanned is closed and timed out', async () => {
    const o = (await topUp('alipay', 120)).body.data;
    await expireNow(o.id);
    expect(await expiry().expireDue()).toMatchObject({ timedOut: 1 });
    expect(kit.alipay.orders.get(o.out_trade_no)?.trade_status).toBe('TRADE_CLOSED');
    expect(await order(o.id)).toMatchObject({ status: 3 });
  });

  it('refuses a provider that is not enabled', async () => {
    await kit.saveAlipay({ enabled: false });
    const res = await topUp('alipay', 100);
    expect(res.body).toMatchObject({ code: 20000, msg: 'this payment method is not enabled' });
    await kit.saveAlipay();
  });
});

function pair(n: { headers: Record<string, string>; body: string }): [Record<string, string>, string] {
  return [n.headers, n.body];
}
