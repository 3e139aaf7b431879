import { PayMode } from '@fleet/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Executor } from '../../platform/db/client.js';
import { retryDelayMs } from '../../platform/jobs/backoff.js';
import type { Answer, PaymentProvider, RefundQuery } from '../../platform/payments/provider.js';
import type { MerchantRow, MerchantsRepository } from './merchants.repository.js';
import { providerOf } from './providers.js';
import { REFUND_PROCESSING, REFUND_UNRESOLVED, settleRefund } from './refund-settle.js';
import { refundsRepository as refunds } from './refunds.repository.js';

/** A refund without an outcome is first asked about this long after its request. */
export const REFUND_QUERY_DELAY_MS = 5 * 60_000;
/** Then again with backoff (doubling, at most 6 h between); after this many the refund is unresolved. */
export const REFUND_MAX_QUERIES = 10;
const MAX_QUERY_GAP_MS = 6 * 3600_000;

export interface RefundReconcileDeps {
  db: Executor;
  merchants: MerchantsRepository;
  box: SecretBox;
  clock: () => Date;
  providerFor?: (m: MerchantRow) => PaymentProvider;
  logger?: { error(object: object, message: string): void };
}

export interface ReconcileResult {
  refunded: number;
  failed: number;
  /** Still no outcome: asked again later. */
  later: number;
  /** Given up: left for a person (money held). */
  unresolved: number;
}

/**
 * Reconciliation of refunds left without an outcome (issue 20): WeChat answered PROCESSING and its
 * notification never came, or the request timed out so nobody knows whether the refund was made.
 * The leader's tick asks the provider (WeChat GET /v3/refund/domestic/refunds/{out_refund_no},
 * Alipay alipay.trade.fastpay.refund.query) and settles through the same locked step as the
 * notification, so whichever comes first applies and the other changes nothing: SUCCESS posts the
 * held transfer; CLOSED / ABNORMAL or a refund the provider never received voids it (the money is
 * back on the balance); still processing, or no answer, asks again later with backoff, and after
 * REFUND_MAX_QUERIES the refund is marked unresolved (3) and an alert logged.
 */
export function createRefundReconciler(deps: RefundReconcileDeps) {
  const build = (m: MerchantRow) => (deps.providerFor ?? ((x) => providerOf(x, deps.box, deps.clock)))(m);

  async function ask(payMode: number, input: { outTradeNo: string; outRefundNo: string }) {
    const name = payMode === PayMode.WECHAT ? 'wechat' : payMode === PayMode.ALIPAY ? 'alipay' : null;
    const merchant = name ? await deps.merchants.get(name) : undefined;
    if (!merchant) return null;
    try {
      return await build(merchant).queryRefund(input);
    } catch (error) {
      // Settings a person must fix: asked again later, counted towards the bound.
      return { ok: false, retryable: true, code: 'SETTINGS', message: (error as Error).message } as const;
    }
  }

  return async function reconcileDue(limit = 50): Promise<ReconcileResult> {
    const result: ReconcileResult = { refunded: 0, failed: 0, later: 0, unresolved: 0 };
    for (const r of await refunds.due(deps.db, deps.clock(), limit)) {
      const q: Answer<RefundQuery> | null = await ask(r.payMode, r);
      if (q?.ok && q.state === 'success' && (q.amount === 0 || q.amount === r.amount)) {
        const applied = await settleRefund(deps.db, deps.clock, r.outRefundNo, {
          ok: true,
          refundId: q.refundId,
        });
        if (applied === 'applied') result.refunded++;
        continue;
      }
      if (q?.ok && (q.state === 'closed' || q.state === 'not_found')) {
        const failure =
          q.state === 'closed' ? 'CLOSED: the provider closed the refund' : 'NOT_FOUND: never received';
        if ((await settleRefund(deps.db, deps.clock, r.outRefundNo, { ok: false, failure })) === 'applied')
          result.failed++;
        continue;
      }
      const why = !q
        ? 'no merchant settings'
        : q.ok
          ? q.state === 'success'
            ? `the provider reports ${q.amount} cents, not ${r.amount}`
            : 'still processing'
          : `${q.code}: ${q.message}`;
      const queries = r.queries + 1;
      const giveUp = queries >= REFUND_MAX_QUERIES;
      const recorded = await refunds.queried(deps.db, r.id, {
        queries,
        status: giveUp ? REFUND_UNRESOLVED : REFUND_PROCESSING,
        nextQueryAt: giveUp
          ? null
          : new Date(deps.clock().getTime() + retryDelayMs(queries, REFUND_QUERY_DELAY_MS, MAX_QUERY_GAP_MS)),
        failure: why.slice(0, 300),
      });
      if (!recorded) continue; // settled meanwhile by its notification
      if (giveUp) {
        result.unresolved++;
        deps.logger?.error(
          { outRefundNo: r.outRefundNo, queries, why },
          'refund unresolved after its queries: the money stays held, check it with the provider',
        );
      } else result.later++;
    }
    return result;
  };
}
