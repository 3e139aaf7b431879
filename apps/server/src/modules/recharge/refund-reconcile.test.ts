import { ADMIN_ROLE, type BalanceReport, type RechargeOrderRow, type RefundRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../../platform/auth/scope.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import { call } from '../../test-support/factories.js';
import { type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { ledgerTransfers } from '../ledger/ledger.table.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { providerOf } from './providers.js';
import { createRechargeRepository } from './recharge.repository.js';
import { rechargeOrders, rechargeRefunds } from './recharge.table.js';
import { createRefundService, refundKey } from './refund.service.js';
import { createRefundReconciler, REFUND_MAX_QUERIES, REFUND_QUERY_DELAY_MS } from './refund-reconcile.js';
import { createTopUpService, topUpKey } from './topup.service.js';

// Issue 20: a refund left without an outcome (WeChat PROCESSING and its notification lost, or a
// request that timed out) is asked about by the leader's tick and settled exactly once, whichever of
// the query and the notification comes first; after a bound it is left unresolved for a person.
let kit: RechargeKit;
let payer: { id: number; token: string };
/** The reconciler's clock runs ahead of the app's by `ahead` ms (the providers keep real time). */
let ahead = 0;
const alerts: object[] = [];
let reconcile: ReturnType<typeof createRefundReconciler>;

beforeAll(async () => {
  kit = await startRechargeKit();
  expect((await kit.saveWechat()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  expect((await kit.saveAlipay()) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
  payer = await kit.user();
  const box = secretBoxFor(kit.t.config);
  reconcile = createRefundReconciler({
    db: kit.t.database.db,
    merchants: createMerchantsRepository(kit.t.database.db),
    box,
    clock: () => new Date(kit.t.clock().getTime() + ahead),
    // The requests are signed with the real time (the providers check it), not the moved clock.
    providerFor: (m) => providerOf(m, box),
    logger: { error: (o) => void alerts.push(o) },
  });
}, 60_000);
afterAll(() => kit?.close());

/** Moves the reconciler's clock past the next query of every refund. */
const later = (ms = REFUND_QUERY_DELAY_MS) => {
  ahead += ms + 1000;
};
const balance = async () =>
  (await call<BalanceReport>(kit.t.app, 'GET', '/recharge/balance', { token: payer.token })).body.data;
const order = async (id: number) =>
  (await call<RechargeOrderRow>(kit.t.app, 'GET', `/recharge/orders/${id}`, { token: payer.token })).body
    .data;
const refundRow = async (no: string) =>
  (await kit.t.database.db.select().from(rechargeRefunds).where(eq(rechargeRefunds.outRefundNo, no)))[0]!;
const transfer = async (no: string) =>
  (
    await kit.t.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, refundKey(no)))
  ).map((t) => t.status);
const refund = async (id: number, amount: number) =>
  (
    await call<RefundRow>(kit.t.app, 'POST', `/recharge/orders/${id}/refund`, {
      token: kit.adminToken,
      body: { amount, reason: 'customer asked' },
    })
  ).body;

async function paidTopUp(provider: 'wechat' | 'alipay', amount: number): Promise<RechargeOrderRow> {
  const created = await call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/orders', {
    token: payer.token,
    body: { amount, provider },
  });
  const no = created.body.data.out_trade_no;
  expect((provider === 'wechat' ? await kit.wechat.pay(no) : await kit.alipay.pay(no)).status).toBeLessThan(
    300,
  );
  return order(created.body.data.id);
}

/** The refund service with adapters that give up after 300 ms (a provider that never answers). */
function impatientRefunds() {
  const box = secretBoxFor(kit.t.config);
  return createRefundService({
    orders: createRechargeRepository(kit.t.database.db),
    merchants: createMerchantsRepository(kit.t.database.db),
    box,
    db: kit.t.database.db,
    clock: kit.t.clock,
    providerFor: (m) => providerOf(m, box, undefined, 300),
  });
}
const adminScope = () =>
  scopeOf({
    userId: kit.adminId,
    userType: 0,
    path: `/${kit.adminId}/`,
    isDemo: false,
    sessionId: 'test',
    isSubuser: false,
    parentId: null,
    parentPath: null,
    roles: [{ name: ADMIN_ROLE, permissions: [], is_admin: true }],
  });

describe('refund reconciliation', () => {
  it('WeChat PROCESSING with its notification lost: asked after the delay, again while processing, posted on SUCCESS; the late notification changes nothing', async () => {
    const before = (await balance()).available;
    const o = await paidTopUp('wechat', 5_000);
    kit.wechat.refundsProcessing(true);
    const r = await refund(o.id, 2_000).finally(() => kit.wechat.refundsProcessing(false));
    expect(r.data.status).toBe(0);
    const no = r.data.out_refund_no;

    // Not due yet: nothing is asked.
    expect(await reconcile()).toEqual({ refunded: 0, failed: 0, later: 0, unresolved: 0 });
    later();
    expect(await reconcile()).toMatchObject({ later: 1 });
    expect(await refundRow(no)).toMatchObject({ status: 0, queries: 1, failure: 'still processing' });
    // The next query waits for the backoff.
    expect(await reconcile()).toMatchObject({ later: 0 });

    kit.wechat.refunds.get(no)!.status = 'SUCCESS'; // done at WeChat; its notification is lost
    // An answer without WeChat's platform signature is no outcome: asked again later.
    kit.wechat.failNext('unsigned');
    later(2 * REFUND_QUERY_DELAY_MS);
    expect(await reconcile()).toMatchObject({ refunded: 0, later: 1 });
    expect((await refundRow(no)).failure).toMatch(/^BAD_SIGNATURE/);
    later(4 * REFUND_QUERY_DELAY_MS);
    expect(await reconcile()).toMatchObject({ refunded: 1 });
    expect(await refundRow(no)).toMatchObject({ status: 1, failure: '' });
    expect(await order(o.id)).toMatchObject({ refunded: 2_000, refunding: 0 });
    expect(await balance()).toMatchObject({ available: before + 3_000, pending_debits: 0 });
    expect(await transfer(no)).toEqual(['posted']);

    // The notification arrives after all: answered success, applied once.
    const late = await fetch(`${kit.baseUrl}/api/v1/pay/refund-notify/wechat`, {
      method: 'POST',
      ...kit.wechat.refundNotification(no),
    });
    expect(late.status).toBe(204);
    expect(await order(o.id)).toMatchObject({ refunded: 2_000, refunding: 0 });
    expect((await balance()).available).toBe(before + 3_000);
  });

  it('the notification and the query arriving together apply once (SUCCESS and ABNORMAL)', async () => {
    const before = (await balance()).available;
    const o = await paidTopUp('wechat', 6_000);
    kit.wechat.refundsProcessing(true);
    const ok = (await refund(o.id, 1_000)).data.out_refund_no;
    const bad = (await refund(o.id, 2_000)).data.out_refund_no;
    kit.wechat.refundsProcessing(false);
    later();
    const [swept, n1, n2] = await Promise.all([
      reconcile(),
      kit.wechat.completeRefund(ok, 'SUCCESS'),
      kit.wechat.completeRefund(bad, 'ABNORMAL'),
    ]);
    expect([n1.status, n2.status]).toEqual([204, 204]);
    // Each refund was applied by one of the two; the other found it settled.
    expect(swept.refunded + swept.failed).toBeLessThanOrEqual(2);
    expect(await order(o.id)).toMatchObject({ refunded: 1_000, refunding: 0 });
    expect(await transfer(ok)).toEqual(['posted']);
    expect(await transfer(bad)).toEqual(['voided']);
    expect(await balance()).toMatchObject({ available: before + 5_000, pending_debits: 0 });
    expect((await refundRow(bad)).status).toBe(2);
    later();
    expect(await reconcile()).toEqual({ refunded: 0, failed: 0, later: 0, unresolved: 0 });
  });

  it('a request that timed out: made at the provider -> posted; never received -> the money returns', async () => {
    const service = impatientRefunds();
    const before = (await balance()).available;
    const o = await paidTopUp('wechat', 3_000);
    // WeChat makes the refund but its answer never comes back.
    kit.wechat.failNext('drop');
    const made = await service.refund(adminScope(), o.id, { amount: 1_000, reason: 'timeout' });
    expect(made.status).toBe(0);
    expect(kit.wechat.refunds.get(made.out_refund_no)?.status).toBe('SUCCESS');
    // The request never reaches WeChat.
    kit.wechat.failNext('hang');
    const lost = await service.refund(adminScope(), o.id, { amount: 500, reason: 'timeout' });
    expect(lost.status).toBe(0);
    expect(kit.wechat.refunds.has(lost.out_refund_no)).toBe(false);
    expect(await balance()).toMatchObject({ available: before + 1_500, pending_debits: 1_500 });

    later();
    expect(await reconcile()).toMatchObject({ refunded: 1, failed: 1 });
    expect(await refundRow(made.out_refund_no)).toMatchObject({ status: 1 });
    expect(await refundRow(lost.out_refund_no)).toMatchObject({
      status: 2,
      failure: 'NOT_FOUND: never received',
    });
    expect(await order(o.id)).toMatchObject({ refunded: 1_000, refunding: 0 });
    expect(await balance()).toMatchObject({ available: before + 2_000, pending_debits: 0 });
  });

  it('Alipay: an answer lost after the refund was made is found by alipay.trade.fastpay.refund.query; a system error that made none returns the money', async () => {
    const service = impatientRefunds();
    const before = (await balance()).available;
    const o = await paidTopUp('alipay', 4_000);
    kit.alipay.dropNext();
    const made = await service.refund(adminScope(), o.id, { amount: 1_500, reason: 'timeout' });
    expect(made.status).toBe(0);
    expect(kit.alipay.refunds.get(made.out_refund_no)).toEqual({ outTradeNo: o.out_trade_no, cents: 1_500 });
    // ACQ.SYSTEM_ERROR: Alipay says to ask again, nothing is known; the refund stays processing.
    kit.alipay.failNext(1);
    const unknown = await refund(o.id, 1_000);
    expect(unknown.data.status).toBe(0);
    expect(await balance()).toMatchObject({ available: before + 1_500, pending_debits: 2_500 });

    later();
    expect(await reconcile()).toMatchObject({ refunded: 1, failed: 1 });
    expect(await refundRow(made.out_refund_no)).toMatchObject({ status: 1 });
    expect(await refundRow(unknown.data.out_refund_no)).toMatchObject({ status: 2 });
    expect(await order(o.id)).toMatchObject({ refunded: 1_500, refunding: 0 });
    expect(await balance()).toMatchObject({ available: before + 2_500, pending_debits: 0 });
  });

  it('gives up after the bound: unresolved (3), money held, alert logged; a late notification still settles it', async () => {
    const before = (await balance()).available;
    const o = await paidTopUp('wechat', 900);
    kit.wechat.refundsProcessing(true);
    const no = (await refund(o.id, 900)).data.out_refund_no;
    kit.wechat.refundsProcessing(false);
    for (let i = 1; i < REFUND_MAX_QUERIES; i++) {
      later(6 * 3600_000);
      expect(await reconcile()).toMatchObject({ later: 1 });
    }
    later(6 * 3600_000);
    expect(await reconcile()).toMatchObject({ later: 0, unresolved: 1 });
    expect(await refundRow(no)).toMatchObject({ status: 3, queries: REFUND_MAX_QUERIES, nextQueryAt: null });
    expect(alerts).toEqual([expect.objectContaining({ outRefundNo: no, queries: REFUND_MAX_QUERIES })]);
    expect(await balance()).toMatchObject({ available: before, pending_debits: 900 });
    // No more queries.
    later(24 * 3600_000);
    expect(await reconcile()).toEqual({ refunded: 0, failed: 0, later: 0, unresolved: 0 });
    const listed = await call<RefundRow[]>(kit.t.app, 'GET', `/recharge/orders/${o.id}/refunds`, {
      token: kit.adminToken,
    });
    expect(listed.body.data.map((r) => r.status)).toEqual([3]);
    // The order shows the held money as unresolved (the web app's "Refund ¥x to check").
    expect(await order(o.id)).toMatchObject({ refunding: 900, refund_unresolved: 900 });

    expect((await kit.wechat.completeRefund(no, 'SUCCESS')).status).toBe(204);
    expect(await refundRow(no)).toMatchObject({ status: 1 });
    expect(await order(o.id)).toMatchObject({ refunded: 900, refunding: 0, refund_unresolved: 0 });
    expect(await balance()).toMatchObject({ available: before, pending_debits: 0 });
  });
});

describe('top-up reconciliation (a paid order whose notification was lost)', () => {
  /** The timeout tick's service, its adapters giving up after 300 ms. */
  const expiry = () => {
    const box = secretBoxFor(kit.t.config);
    return createTopUpService({
      orders: createRechargeRepository(kit.t.database.db),
      merchants: createMerchantsRepository(kit.t.database.db),
      box,
      db: kit.t.database.db,
      clock: () => new Date(),
      providerFor: (m) => providerOf(m, box, undefined, 300),
    });
  };
  const unpaidOrder = async (provider: 'wechat' | 'alipay', amount: number) => {
    const created = await call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/orders', {
      token: payer.token,
      body: { amount, provider },
    });
    await kit.t.database.db
      .update(rechargeOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rechargeOrders.id, created.body.data.id));
    return created.body.data;
  };
  const credits = async (provider: 'wechat' | 'alipay', no: string) =>
    (
      await kit.t.database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, topUpKey(provider, no)))
    ).length;

  it('the notification and the query arriving together credit once (WeChat and Alipay)', async () => {
    const before = (await balance()).available;
    const w = await unpaidOrder('wechat', 700);
    const a = await unpaidOrder('alipay', 800);
    // Paid at the provider: the notifications race the timeout tick's query.
    const wOrder = kit.wechat.orders.get(w.out_trade_no)!;
    wOrder.trade_state = 'SUCCESS';
    wOrder.transaction_id = '4200000000000000000000000777';
    wOrder.success_time = new Date().toISOString();
    const [tick, wn, an] = await Promise.all([
      expiry().expireDue(),
      kit.wechat.deliver(w.out_trade_no),
      kit.alipay.pay(a.out_trade_no),
    ]);
    expect(wn.status).toBe(204);
    expect(an.body).toBe('success');
    expect(tick.timedOut).toBe(0);
    expect(await order(w.id)).toMatchObject({ status: 1 });
    expect(await order(a.id)).toMatchObject({ status: 1 });
    expect([await credits('wechat', w.out_trade_no), await credits('alipay', a.out_trade_no)]).toEqual([
      1, 1,
    ]);
    expect((await balance()).available).toBe(before + 1_500);
  });

  it('a query that times out keeps the order; the next tick finds it paid and credits it', async () => {
    const before = (await balance()).available;
    const w = await unpaidOrder('wechat', 300);
    const paid = kit.wechat.orders.get(w.out_trade_no)!;
    paid.trade_state = 'SUCCESS';
    paid.transaction_id = '4200000000000000000000000888';
    kit.wechat.failNext('hang', 2); // the query and the close both go unanswered
    expect(await expiry().expireDue()).toMatchObject({ kept: 1, applied: 0, timedOut: 0 });
    expect(await order(w.id)).toMatchObject({ status: 0 });
    expect(await expiry().expireDue()).toMatchObject({ applied: 1 });
    expect(await order(w.id)).toMatchObject({ status: 1 });
    expect((await balance()).available).toBe(before + 300);
  });
});
