import { randomInt } from 'node:crypto';
import {
  OrderStatus,
  PayMode,
  type PaymentProviderName,
  type RechargeOrderRow,
  TOP_UP_EXPIRY_MINUTES,
  type TopUpInput,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Executor } from '../../platform/db/client.js';
import { userMessage } from '../../platform/http/errors.js';
import {
  type IncomingNotification,
  NotificationRejected,
  type NotificationReply,
  type PaymentProvider,
} from '../../platform/payments/provider.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { orderView } from './account.service.js';
import type { MerchantRow, MerchantsRepository } from './merchants.repository.js';
import { MerchantSettingsError, notifyUrlOf, providerOf } from './providers.js';
import type { RechargeRepository } from './recharge.repository.js';

export const payModeOf = (p: PaymentProviderName) => (p === 'wechat' ? PayMode.WECHAT : PayMode.ALIPAY);
const providerOfMode = (mode: number): PaymentProviderName | null =>
  mode === PayMode.WECHAT ? 'wechat' : mode === PayMode.ALIPAY ? 'alipay' : null;

/** `R` (top-up), `C` (credit), `D` (device renewal), `F` (refund) + Beijing yyyyMMddHHmmss + 8 random digits (23 characters). */
export function newOrderNo(prefix: 'R' | 'C' | 'D' | 'F', now: Date): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The ledger key of a top-up: a notification, a resend and the timeout tick's query all hit it. */
export const topUpKey = (provider: PaymentProviderName, outTradeNo: string) =>
  `pay:${provider}:${outTradeNo}`;

export type NotificationOutcome = 'applied' | 'duplicate' | 'ignored' | 'rejected';

class Rejected extends Error {}

export interface TopUpDeps {
  orders: RechargeRepository;
  merchants: MerchantsRepository;
  box: SecretBox;
  db: Executor;
  clock: () => Date;
  /** Builds the adapter of a merchant (tests and the e2e server point it at local providers). */
  providerFor?: (m: MerchantRow) => PaymentProvider;
}

/**
 * Top-ups through a payment provider (issue 20 item 2): create the order and its QR code, apply a
 * verified notification once (ledger key `pay:<provider>:<out_trade_no>`), and close what times out.
 */
export function createTopUpService(deps: TopUpDeps) {
  const ledger = createLedgerService({ db: deps.db, clock: deps.clock });
  const build = (m: MerchantRow) => (deps.providerFor ?? ((x) => providerOf(x, deps.box, deps.clock)))(m);

  /** The payment is real and verified: credit the order's owner once, in the order's transaction. */
  async function applyPaid(
    provider: PaymentProviderName,
    outTradeNo: string,
    amount: number,
    transactionId: string,
    paidAt: Date | null,
  ): Promise<'applied' | 'duplicate'> {
    const known = await deps.orders.byOutTradeNo(outTradeNo);
    if (!known) throw new Rejected(`unknown order ${outTradeNo}`);
    // Accounts are created outside the transaction (docs/ledger.md).
    await ledger.balance({ kind: 'user_balance', owner: known.ownerUserId });
    await ledger.balance({ kind: 'payment_clearing' });
    return deps.orders.transaction(async (tx) => {
      const order = await deps.orders.lockByOutTradeNo(outTradeNo, tx);
      if (!order) throw new Rejected(`unknown order ${outTradeNo}`);
      if (providerOfMode(order.payMode) !== provider)
        throw new Rejected(`order ${outTradeNo} is not a ${provider} order`);
      if (order.amount !== amount)
        throw new Rejected(`amount ${amount} differs from the order's ${order.amount}`);
      if (order.status === OrderStatus.PAID) return 'duplicate';
      await createLedgerService({ db: tx, clock: deps.clock }).transfer({
        from: { kind: 'payment_clearing' },
        to: { kind: 'user_balance', owner: order.ownerUserId },
        amount,
        kind: 'top_up',
        idempotencyKey: topUpKey(provider, outTradeNo),
        reference: outTradeNo,
      });
      // A payment that raced the timeout is still money received: the order becomes paid.
      await deps.orders.update(
        order.id,
        { status: OrderStatus.PAID, paidAt: paidAt ?? deps.clock(), transactionId, failure: '', codeUrl: '' },
        tx,
      );
      return 'applied';
    });
  }

  async function enabledMerchant(provider: PaymentProviderName): Promise<MerchantRow> {
    const m = await deps.merchants.get(provider);
    if (!m?.enabled) throw userMessage('recharge.providerDisabled');
    return m;
  }

  return {
    async providers(): Promise<PaymentProviderName[]> {
      return (await deps.merchants.list()).filter((m) => m.enabled).map((m) => m.provider);
    },

    async create(scope: Scope, input: TopUpInput): Promise<RechargeOrderRow> {
      const merchant = await enabledMerchant(input.provider);
      let provider: PaymentProvider;
      try {
        provider = build(merchant);
      } catch (error) {
        if (error instanceof MerchantSettingsError)
          throw userMessage('recharge.merchantIncomplete', { reason: error.message });
        throw error;
      }
      const now = deps.clock();
      const order = await deps.orders.insert({
        outTradeNo: newOrderNo('R', now),
        ownerUserId: scope.dataOwnerId,
        operatorUserId: scope.userId,
        payMode: payModeOf(input.provider),
        amount: input.amount,
        status: OrderStatus.UNPAID,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOP_UP_EXPIRY_MINUTES * 60_000),
      });
      const answer = await provider.createQrOrder({
        outTradeNo: order.outTradeNo,
        amount: order.amount,
        description: `Balance top-up ${order.outTradeNo}`,
        notifyUrl: notifyUrlOf(merchant),
        expiresAt: order.expiresAt!,
      });
      if (!answer.ok) {
        await deps.orders.update(order.id, {
          status: OrderStatus.FAILED,
          failure: `${answer.code}: ${answer.message}`,
        });
        throw userMessage('recharge.providerRefused', { reason: answer.code });
      }
      await deps.orders.update(order.id, { codeUrl: answer.codeUrl });
      // The answer the page shows and then polls: the order as GET /recharge/orders/{id} gives it.
      return orderView((await deps.orders.visible(scope, order.id))!);
    },

    /** A provider's notification: signature first, then app id / merchant, order, amount; applied once. */
    async notify(
      name: PaymentProviderName,
      incoming: IncomingNotification,
    ): Promise<{ reply: NotificationReply; outcome: NotificationOutcome; reason?: string }> {
      const merchant = await deps.merchants.get(name);
      if (!merchant) {
        return {
          reply: { status: 404, contentType: 'text/plain', body: 'fail' },
          outcome: 'rejected',
          reason: 'no merchant settings',
        };
      }
      const provider = build(merchant);
      const reject = (reason: string) => ({
        reply: provider.failure(reason),
        outcome: 'rejected' as const,
        reason,
      });
      let n: ReturnType<PaymentProvider['verifyNotification']>;
      try {
        n = provider.verifyNotification(incoming);
      } catch (error) {
        if (error instanceof NotificationRejected) return reject(`${error.code}: ${error.message}`);
        throw error;
      }
      if (n.appId !== merchant.appId) return reject(`foreign app id ${n.appId}`);
      if (merchant.merchantId && n.merchantId !== merchant.merchantId)
        return reject(`foreign merchant ${n.merchantId}`);
      if (n.state !== 'paid')
        return { reply: provider.success(), outcome: 'ignored', reason: `state ${n.state}` };
      try {
        const outcome = await applyPaid(name, n.outTradeNo, n.amount, n.transactionId, n.paidAt);
        return { reply: provider.success(), outcome };
      } catch (error) {
        if (error instanceof Rejected) return reject(error.message);
        throw error;
      }
    },

    /**
     * The leader's tick: unpaid orders past their expiry are asked about once more (a lost
     * notification is applied), otherwise closed at the provider and marked timed out (3).
     */
    async expireDue(limit = 50): Promise<{ timedOut: number; applied: number; kept: number }> {
      const result = { timedOut: 0, applied: 0, kept: 0 };
      for (const order of await deps.orders.dueUnpaid(deps.clock(), limit)) {
        const name = providerOfMode(order.payMode);
        const merchant = name ? await deps.merchants.get(name) : undefined;
        let provider: PaymentProvider | null = null;
        try {
          provider = merchant ? build(merchant) : null;
        } catch {
          provider = null;
        }
        if (provider && name) {
          const q = await provider.query(order.outTradeNo);
          if (q.ok && q.state === 'paid') {
            try {
              await applyPaid(name, order.outTradeNo, q.amount, q.transactionId ?? '', q.paidAt ?? null);
              result.applied++;
            } catch {
              result.kept++; // an amount that differs: left for a person, never credited
            }
            continue;
          }
          const closed = await provider.close(order.outTradeNo);
          if (!closed.ok && closed.retryable) {
            result.kept++;
            continue;
          }
          if (closed.ok && closed.alreadyPaid) {
            result.kept++; // paid meanwhile: its notification or the next tick's query applies it
            continue;
          }
        }
        const marked = await deps.orders.transaction(async (tx) => {
          const locked = await deps.orders.lockByOutTradeNo(order.outTradeNo, tx);
          if (locked?.status !== OrderStatus.UNPAID) return false;
          await deps.orders.update(
            order.id,
            { status: OrderStatus.TIMED_OUT, closedAt: deps.clock(), codeUrl: '' },
            tx,
          );
          return true;
        });
        if (marked) result.timedOut++;
      }
      return result;
    },
  };
}
export type TopUpService = ReturnType<typeof createTopUpService>;
