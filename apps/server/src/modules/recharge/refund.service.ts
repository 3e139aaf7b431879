import {
  OrderStatus,
  PayMode,
  type PaymentProviderName,
  type RefundInput,
  type RefundRow,
} from '@fleet/contracts';
import { requirePlatform } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Executor } from '../../platform/db/client.js';
import { noPermission, userMessage } from '../../platform/http/errors.js';
import {
  type IncomingNotification,
  NotificationRejected,
  type NotificationReply,
  type PaymentProvider,
  yuan,
} from '../../platform/payments/provider.js';
import { createLedgerService, InsufficientBalanceError } from '../ledger/ledger.service.js';
import type { MerchantRow, MerchantsRepository } from './merchants.repository.js';
import { MerchantSettingsError, providerOf } from './providers.js';
import type { RechargeRepository } from './recharge.repository.js';
import type { rechargeRefunds } from './recharge.table.js';
import { REFUND_QUERY_DELAY_MS } from './refund-reconcile.js';
import { REFUND_PROCESSING, type RefundOutcome, refundKey, settleRefund } from './refund-settle.js';
import { refundsRepository as refunds } from './refunds.repository.js';
import { newOrderNo } from './topup.service.js';

export {
  REFUND_DONE,
  REFUND_FAILED,
  REFUND_PROCESSING,
  REFUND_UNRESOLVED,
  refundKey,
} from './refund-settle.js';

/** Where WeChat posts a refund's outcome (Alipay answers refunds synchronously). */
export const refundNotifyPath = '/api/v1/pay/refund-notify/wechat';

type RefundRecord = typeof rechargeRefunds.$inferSelect;

const view = (r: RefundRecord): RefundRow => ({
  id: r.id,
  order_id: r.orderId,
  out_refund_no: r.outRefundNo,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  failure: r.failure,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
});

export interface RefundDeps {
  orders: RechargeRepository;
  merchants: MerchantsRepository;
  box: SecretBox;
  db: Executor;
  clock: () => Date;
  providerFor?: (m: MerchantRow) => PaymentProvider;
}

/**
 * Refunds of paid top-ups (issue 20, docs/recharge.md "Refunds"), by a platform administrator
 * (user type 0 with `Others`, as the merchant settings). In one transaction with the order locked:
 * what is left to refund is checked, the refund row written and the money reserved as a pending
 * ledger transfer `refund:<out_refund_no>` from the user's balance to payment clearing (refused with
 * 20000 when the user already spent it: the balance never goes below zero). Then the provider is
 * asked; its answer posts the transfer (refunded), voids it (refused: nothing changed) or leaves it
 * pending (WeChat PROCESSING, or no answer at all) until the refund notification or the
 * reconciliation query (refund-reconcile.ts), whichever comes first, applied once.
 */
export function createRefundService(deps: RefundDeps) {
  const ledger = createLedgerService({ db: deps.db, clock: deps.clock });
  const build = (m: MerchantRow) => (deps.providerFor ?? ((x) => providerOf(x, deps.box, deps.clock)))(m);

  const settle = (outRefundNo: string, outcome: RefundOutcome) =>
    settleRefund(deps.db, deps.clock, outRefundNo, outcome);

  return {
    async refund(scope: Scope, orderId: number, input: RefundInput): Promise<RefundRow> {
      requirePlatform(scope);
      if (!hasPermission(scope, 'Others')) throw noPermission();
      const known = await deps.orders.visible(scope, orderId);
      if (!known) throw userMessage('recharge.orderNotFound');
      const provider: PaymentProviderName | null =
        known.payMode === PayMode.WECHAT ? 'wechat' : known.payMode === PayMode.ALIPAY ? 'alipay' : null;
      if (!provider || known.status !== OrderStatus.PAID) throw userMessage('recharge.notRefundable');
      const merchant = await deps.merchants.get(provider);
      if (!merchant) throw userMessage('recharge.providerDisabled');
      let adapter: PaymentProvider;
      try {
        adapter = build(merchant);
      } catch (error) {
        if (error instanceof MerchantSettingsError)
          throw userMessage('recharge.merchantIncomplete', { reason: error.message });
        throw error;
      }
      // Accounts are created outside the transaction (docs/ledger.md).
      await ledger.balance({ kind: 'user_balance', owner: known.ownerUserId });
      await ledger.balance({ kind: 'payment_clearing' });
      const outRefundNo = newOrderNo('F', deps.clock());
      const refund = await deps.db.transaction(async (tx) => {
        const order = await refunds.lockOrder(tx, orderId);
        const left = order!.amount - order!.refunded - order!.refunding;
        if (input.amount > left) throw userMessage('recharge.refundExceeds', { left: yuan(left) });
        const row = await refunds.insert(tx, {
          orderId,
          outRefundNo,
          ownerUserId: order!.ownerUserId,
          operatorUserId: scope.userId,
          amount: input.amount,
          reason: input.reason,
          status: REFUND_PROCESSING,
          // Without an outcome by then, the reconciliation tick asks the provider.
          nextQueryAt: new Date(deps.clock().getTime() + REFUND_QUERY_DELAY_MS),
        });
        await refunds.setOrderRefunds(tx, orderId, { refunding: order!.refunding + input.amount });
        const txLedger = createLedgerService({ db: tx, clock: deps.clock });
        try {
          await txLedger.transfer({
            from: { kind: 'user_balance', owner: order!.ownerUserId },
            to: { kind: 'payment_clearing' },
            amount: input.amount,
            kind: 'refund',
            pending: true,
            idempotencyKey: refundKey(outRefundNo),
            reference: order!.outTradeNo,
          });
        } catch (error) {
          if (!(error instanceof InsufficientBalanceError)) throw error;
          const balance = await txLedger.balance({ kind: 'user_balance', owner: order!.ownerUserId });
          throw userMessage('recharge.refundSpent', {
            balance: yuan(Math.max(0, balance.available)),
            amount: yuan(input.amount),
          });
        }
        return row;
      });
      const answer = await adapter.refund({
        outTradeNo: known.outTradeNo,
        outRefundNo,
        amount: input.amount,
        total: known.amount,
        reason: input.reason,
        notifyUrl: `${merchant.notifyBaseUrl.replace(/\/+$/, '')}${refundNotifyPath}`,
      });
      if (!answer.ok && answer.retryable) {
        // No answer (timeout, network, provider trouble): the refund may have been made. The money
        // stays held until the reconciliation tick's query (or the notification) says what happened.
        return view((await refunds.byId(deps.db, refund.id))!);
      }
      if (!answer.ok) {
        // Refused: nothing moved at the provider under this number; the money returns.
        await settle(outRefundNo, { ok: false, failure: `${answer.code}: ${answer.message}` });
        throw userMessage('recharge.refundRefused', { reason: `${answer.code} ${answer.message}` });
      }
      if (answer.state === 'success') await settle(outRefundNo, { ok: true, refundId: answer.refundId });
      else if (answer.state === 'closed') await settle(outRefundNo, { ok: false, failure: 'CLOSED' });
      const after = await refunds.byId(deps.db, refund.id);
      return view(after!);
    },

    /** The refunds of an order (platform administrator). */
    async list(scope: Scope, orderId: number): Promise<RefundRow[]> {
      requirePlatform(scope);
      if (!hasPermission(scope, 'Others')) throw noPermission();
      if (!(await deps.orders.visible(scope, orderId))) throw userMessage('recharge.orderNotFound');
      return (await refunds.ofOrder(deps.db, orderId)).map(view);
    },

    /**
     * WeChat's refund notification: signature, freshness and decryption first, then the merchant,
     * the refund and its amount; applied once (a resend answers success and changes nothing).
     */
    async notify(
      incoming: IncomingNotification,
    ): Promise<{ reply: NotificationReply; outcome: string; reason?: string }> {
      const merchant = await deps.merchants.get('wechat');
      // No WeChat merchant here: nothing could ever verify it (4xx: WeChat retries any non-2xx anyway).
      if (!merchant)
        return {
          reply: {
            status: 404,
            contentType: 'application/json',
            body: '{"code":"FAIL","message":"not configured"}',
          },
          outcome: 'rejected',
          reason: 'no WeChat merchant',
        };
      const adapter = build(merchant);
      try {
        if (!adapter.verifyRefundNotification)
          throw new NotificationRejected('UNSUPPORTED', 'no refund notifications');
        const n = adapter.verifyRefundNotification(incoming);
        if (n.merchantId !== merchant.merchantId)
          throw new NotificationRejected('FOREIGN', 'the mchid is not this merchant');
        const refund = await refunds.byNo(deps.db, n.outRefundNo);
        if (!refund) throw new NotificationRejected('UNKNOWN', `unknown refund ${n.outRefundNo}`);
        if (refund.amount !== n.amount)
          throw new NotificationRejected(
            'AMOUNT',
            `amount ${n.amount} differs from the refund's ${refund.amount}`,
          );
        if (n.state === 'processing') return { reply: adapter.success(), outcome: 'ignored' };
        const outcome = await settle(
          n.outRefundNo,
          n.state === 'success' ? { ok: true, refundId: n.refundId } : { ok: false, failure: 'ABNORMAL' },
        );
        return { reply: adapter.success(), outcome };
      } catch (error) {
        if (error instanceof NotificationRejected)
          return {
            reply: adapter.failure(error.message),
            outcome: 'rejected',
            reason: `${error.code}: ${error.message}`,
          };
        throw error;
      }
    },
  };
}
