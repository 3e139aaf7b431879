import type { BalanceReport, RechargeOrderRow, RefundRow } from '@fleet/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { ledgerTransfers } from '../ledger/ledger.table.js';
import { rechargeRefunds } from './recharge.table.js';

// Issue 20: a platform administrator refunds a paid top-up in full or in part through the provider;
// the user's balance never goes below zero, the order shows what was refunded, WeChat's refund
// notification is verified and applied once.
let kit: RechargeKit;
let payer: { id: number; token: string };
beforeAll(async () => {
  kit = await startRechargeKit();
  expect((await kit.saveWechat()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  expect((await kit.saveAlipay()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  payer = await kit.user();
}, 60_000);
afterAll(() => kit?.close());

const balance = async () =>
  (await call<BalanceReport>(kit.t.app, 'GET', '/recharge/balance', { token: payer.token })).body.data;
const order = async (id: number) =>
  (await call<RechargeOrderRow>(kit.t.app, 'GET', `/recharge/orders/${id}`, { token: payer.token })).body
    .data;
const refund = (id: number, amount: number, token = kit.adminToken) =>
  call<RefundRow>(kit.t.app, 'POST', `/recharge/orders/${id}/refund`, {
    token,
    body: { amount, reason: 'customer asked' },
  });
async function paidTopUp(provider: 'wechat' | 'alipay', amount: number): Promise<RechargeOrderRow> {
  const created = await call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/orders', {
    token: payer.token,
    body: { amount, provider },
  });
  expect(created.body.code).toBe(0);
  const no = created.body.data.out_trade_no;
  const delivered = provider === 'wechat' ? await kit.wechat.pay(no) : await kit.alipay.pay(no);
  expect(delivered.status).toBeLessThan(300);
  const o = await order(created.body.data.id);
  expect(o.status).toBe(1);
  return o;
}
const refundRows = (orderId: number) =>
  kit.t.database.db.select().from(rechargeRefunds).where(eq(rechargeRefunds.orderId, orderId));

describe('refunds of a paid top-up', () => {
  it('WeChat: refunds in part and in full, never more than is left, never what was spent', async () => {
    const start = (await balance()).available;
    const o = await paidTopUp('wechat', 10_000);
    expect((await balance()).available).toBe(start + 10_000);

    const first = await refund(o.id, 3_000);
    expect(first.body.data).toMatchObject({ status: 1, amount: 3_000, order_id: o.id, failure: '' });
    expect(kit.wechat.refunds.get(first.body.data.out_refund_no)).toMatchObject({
      refund: 3_000,
      status: 'SUCCESS',
    });
    expect(await order(o.id)).toMatchObject({ refunded: 3_000, refunding: 0 });
    expect((await balance()).available).toBe(start + 7_000);

    // More than is left: refused, nothing changed.
    const tooMuch = await refund(o.id, 7_001);
    expect(tooMuch.body).toMatchObject({
      code: 20000,
      msg_key: 'recharge.refundExceeds',
      msg_params: { left: '70.00' },
    });

    // The user spends most of it: what was spent cannot be refunded (the balance never goes negative).
    await createLedgerService({ db: kit.t.database.db }).transfer({
      from: { kind: 'user_balance', owner: payer.id },
      to: { kind: 'platform_revenue' },
      amount: start + 6_000,
      kind: 'consumption',
      idempotencyKey: `spend:${o.out_trade_no}`,
    });
    expect((await balance()).available).toBe(1_000);
    const spent = await refund(o.id, 2_000);
    expect(spent.body).toMatchObject({
      code: 20000,
      msg_key: 'recharge.refundSpent',
      msg_params: { balance: '10.00', amount: '20.00' },
    });
    expect(await order(o.id)).toMatchObject({ refunded: 3_000, refunding: 0 });
    expect(await refundRows(o.id)).toHaveLength(1);
    expect((await balance()).available).toBe(1_000);

    const rest = await refund(o.id, 1_000);
    expect(rest.body.data.status).toBe(1);
    expect((await balance()).available).toBe(0);
    const listed = await call<RefundRow[]>(kit.t.app, 'GET', `/recharge/orders/${o.id}/refunds`, {
      token: kit.adminToken,
    });
    expect(listed.body.data.map((r) => [r.amount, r.status])).toEqual([
      [3_000, 1],
      [1_000, 1],
    ]);
    const keys = await kit.t.database.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, 'refund:F%'));
    expect(keys.filter((k) => k.reference === o.out_trade_no).map((k) => [k.amount, k.status])).toEqual([
      [3_000, 'posted'],
      [1_000, 'posted'],
    ]);
  });

  it('WeChat PROCESSING: the money is held until the signed refund notification, applied once', async () => {
    const before = (await balance()).available;
    const o = await paidTopUp('wechat', 5_000);
    kit.wechat.refundsProcessing(true);
    try {
      const r = await refund(o.id, 2_000);
      expect(r.body.data.status).toBe(0);
      expect(await order(o.id)).toMatchObject({ refunded: 0, refunding: 2_000 });
      expect(await balance()).toMatchObject({ available: before + 3_000, pending_debits: 2_000 });

      const no = r.body.data.out_refund_no;
      const url = `${kit.baseUrl}/api/v1/pay/refund-notify/wechat`;
      // A forged notification (body changed after signing) is refused and changes nothing.
      kit.wechat.refunds.get(no)!.status = 'SUCCESS';
      const genuine = kit.wechat.refundNotification(no);
      const forged = await fetch(url, {
        method: 'POST',
        headers: genuine.headers,
        body: genuine.body.replace('"REFUND.SUCCESS"', '"REFUND.SUCCESS" '),
      });
      expect(forged.status).toBe(500);
      expect(await order(o.id)).toMatchObject({ refunded: 0, refunding: 2_000 });

      const done = await kit.wechat.completeRefund(no);
      expect(done.status).toBe(204);
      expect(await order(o.id)).toMatchObject({ refunded: 2_000, refunding: 0 });
      expect(await balance()).toMatchObject({ available: before + 3_000, pending_debits: 0 });
      // Resent: answered success, applied once.
      const again = await fetch(url, { method: 'POST', ...kit.wechat.refundNotification(no) });
      expect(again.status).toBe(204);
      expect(await order(o.id)).toMatchObject({ refunded: 2_000, refunding: 0 });

      // ABNORMAL: the refund failed at the provider, the held money returns to the balance.
      const bad = await refund(o.id, 1_000);
      expect(bad.body.data.status).toBe(0);
      await kit.wechat.completeRefund(bad.body.data.out_refund_no, 'ABNORMAL');
      expect(await order(o.id)).toMatchObject({ refunded: 2_000, refunding: 0 });
      expect((await balance()).available).toBe(before + 3_000);
      const rows = await refundRows(o.id);
      expect(rows.map((x) => x.status).sort()).toEqual([1, 2]);
    } finally {
      kit.wechat.refundsProcessing(false);
    }
  });

  it('Alipay: alipay.trade.refund in full; a system error leaves the refund processing (reconciled later)', async () => {
    const before = (await balance()).available;
    const o = await paidTopUp('alipay', 2_500);
    const full = await refund(o.id, 2_500);
    expect(full.body.data.status).toBe(1);
    expect(kit.alipay.refunds.get(full.body.data.out_refund_no)).toEqual({
      outTradeNo: o.out_trade_no,
      cents: 2_500,
    });
    expect(await order(o.id)).toMatchObject({ refunded: 2_500, refunding: 0 });
    expect((await balance()).available).toBe(before);
    expect((await refund(o.id, 1)).body).toMatchObject({ msg_key: 'recharge.refundExceeds' });

    const other = await paidTopUp('alipay', 900);
    kit.alipay.failNext(1);
    // ACQ.SYSTEM_ERROR: whether the refund was made is unknown; the money stays held until the
    // reconciliation query says (refund-reconcile.test.ts).
    const unknown = await refund(other.id, 900);
    expect(unknown.body.data.status).toBe(0);
    expect(await order(other.id)).toMatchObject({ refunded: 0, refunding: 900 });
    expect((await balance()).available).toBe(before);
    expect((await refundRows(other.id)).map((r) => r.status)).toEqual([0]);
  });

  it('is the platform administrator’s, and only for paid provider top-ups', async () => {
    const o = await paidTopUp('wechat', 300);
    expect((await refund(o.id, 100, payer.token)).body.code).toBe(10001);
    const credit = await call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/credit', {
      token: kit.adminToken,
      body: { user_id: payer.id, amount: 100, mode: 'offline', note: 'cash' },
    });
    expect((await refund(credit.body.data.id, 100)).body).toMatchObject({
      msg_key: 'recharge.notRefundable',
    });
    expect((await refund(999_999, 100)).body).toMatchObject({ msg_key: 'recharge.orderNotFound' });
    expect((await refund(o.id, 0)).body.code).toBe(10002);
  });
});
