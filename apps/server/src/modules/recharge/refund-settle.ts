import type { Executor } from '../../platform/db/client.js';
import { NotificationRejected } from '../../platform/payments/provider.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { refundsRepository as refunds } from './refunds.repository.js';

export const REFUND_PROCESSING = 0;
export const REFUND_DONE = 1;
export const REFUND_FAILED = 2;
/** Asked about too often without an outcome: the money stays held, a person checks (a late notification still settles it). */
export const REFUND_UNRESOLVED = 3;

/** The ledger key of a refund: the request, a retry, the notification and the query all settle it. */
export const refundKey = (outRefundNo: string) => `refund:${outRefundNo}`;

export type RefundOutcome = { ok: true; refundId: string } | { ok: false; failure: string };

/**
 * Posts or voids a refund's held money and records the outcome, exactly once whoever comes first
 * (the provider's answer, its notification, the reconciliation query): the refund row is locked and
 * only a refund without an outcome (processing or unresolved) is settled; any later one is 'duplicate'.
 */
export async function settleRefund(
  db: Executor,
  clock: () => Date,
  outRefundNo: string,
  outcome: RefundOutcome,
): Promise<'applied' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const refund = await refunds.lockByNo(tx, outRefundNo);
    if (!refund) throw new NotificationRejected('UNKNOWN', `unknown refund ${outRefundNo}`);
    if (refund.status !== REFUND_PROCESSING && refund.status !== REFUND_UNRESOLVED) return 'duplicate';
    const order = await refunds.lockOrder(tx, refund.orderId);
    const txLedger = createLedgerService({ db: tx, clock });
    if (outcome.ok) await txLedger.post(refundKey(outRefundNo));
    else await txLedger.void(refundKey(outRefundNo));
    await refunds.finish(tx, refund.id, {
      status: outcome.ok ? REFUND_DONE : REFUND_FAILED,
      refundId: outcome.ok ? outcome.refundId : refund.refundId,
      failure: outcome.ok ? '' : outcome.failure.slice(0, 300),
      finishedAt: clock(),
    });
    await refunds.setOrderRefunds(tx, order!.id, {
      refunding: order!.refunding - refund.amount,
      refunded: order!.refunded + (outcome.ok ? refund.amount : 0),
    });
    return 'applied';
  });
}
