import {
  type BalanceReport,
  type ConsumptionQuery,
  type ConsumptionRow,
  type CreditInput,
  type FeeOverview,
  OrderStatus,
  PayMode,
  type RechargeOrderQuery,
  type RechargeOrderRow,
  type StatementQuery,
  type StatementRow,
  UserType,
} from '@fleet/contracts';
import { isBelowDataOwner } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { userMessage } from '../../platform/http/errors.js';
import { createLedgerService, type LedgerBalance } from '../ledger/ledger.service.js';
import type { LedgerUnit } from '../ledger/ledger.table.js';
import { remainingCountsOf } from '../users/remaining-counts.service.js';
import type { OrderRecord, RechargeRepository } from './recharge.repository.js';
import { newOrderNo } from './topup.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const orderView = (o: OrderRecord): RechargeOrderRow => ({
  id: o.id,
  out_trade_no: o.outTradeNo,
  user_id: o.ownerUserId,
  user_name: o.userName,
  operator_name: o.operatorName,
  pay_mode: o.payMode,
  amount: o.amount,
  status: o.status,
  code_url: o.status === OrderStatus.UNPAID ? o.codeUrl : '',
  transaction_id: o.transactionId,
  failure: o.failure,
  note: o.note,
  created_at: o.createdAt.toISOString(),
  expires_at: iso(o.expiresAt),
  paid_at: iso(o.paidAt),
  refunded: o.refunded,
  refunding: o.refunding,
  refund_unresolved: o.refundUnresolved,
});

const balanceView = (b: LedgerBalance): BalanceReport => ({
  posted: b.posted,
  available: b.available,
  pending_debits: b.pendingDebits,
  pending_credits: b.pendingCredits,
});

const CONSUME_UNIT: Record<number, LedgerUnit> = { 1: 'sms', 2: 'voice', 3: 'cent' };
const CONSUME_TYPE: Record<LedgerUnit, number> = { sms: 1, voice: 2, cent: 3 };

/** The first instant of the current month in Beijing time (the business month of SPEC 9's money). */
export function monthStart(now: Date, plusMonths = 0): Date {
  const local = new Date(now.getTime() + 8 * 3600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + plusMonths, 1) - 8 * 3600_000);
}

/**
 * What a user reads about its money (issue 20 items 3 and 6): every figure comes from the ledger
 * (docs/ledger.md), the orders from recharge_orders. Always the caller's data owner's account.
 */
export function createAccountService(deps: { orders: RechargeRepository; db: Executor; clock: () => Date }) {
  const ledger = createLedgerService({ db: deps.db, clock: deps.clock });
  const mine = (scope: Scope) => ({ kind: 'user_balance' as const, owner: scope.dataOwnerId });

  return {
    async balance(scope: Scope): Promise<BalanceReport> {
      return balanceView(await ledger.balance(mine(scope)));
    },

    async statement(scope: Scope, q: StatementQuery): Promise<{ rows: StatementRow[]; total: number }> {
      const { entries, total } = await ledger.entries(scope.dataOwnerId, ['user_balance'], {
        ...(q.kind ? { transferKinds: [q.kind] } : {}),
        ...(q.direction ? { direction: q.direction } : {}),
        ...(q.from ? { from: new Date(q.from) } : {}),
        ...(q.to ? { to: new Date(q.to) } : {}),
        page: q.page,
        pageSize: q.limit,
      });
      return {
        rows: entries.map((e) => ({
          id: e.id,
          kind: e.kind,
          status: e.status,
          amount: e.signedAmount,
          unit: e.unit,
          reference: e.reference ?? '',
          created_at: e.createdAt.toISOString(),
        })),
        total,
      };
    },

    /** SPEC 4 consume types: 1 SMS and 2 voice (quota pieces), 3 SIM renewal (cents). */
    async consumption(
      scope: Scope,
      q: ConsumptionQuery,
      pageSize?: number,
    ): Promise<{ rows: ConsumptionRow[]; total: number }> {
      const unit = q.consume_type ? CONSUME_UNIT[q.consume_type] : undefined;
      const { entries, total } = await ledger.entries(
        scope.dataOwnerId,
        ['user_balance', 'sms_quota', 'voice_quota'],
        {
          transferKinds: ['consumption'],
          direction: 'out',
          ...(unit ? { units: [unit] } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
          page: pageSize ? 1 : q.page,
          pageSize: pageSize ?? q.limit,
        },
      );
      return {
        rows: entries.map((e) => ({
          id: e.id,
          consume_type: CONSUME_TYPE[e.unit],
          amount: e.amount,
          unit: e.unit,
          status: e.status,
          reference: e.reference ?? '',
          created_at: e.createdAt.toISOString(),
        })),
        total,
      };
    },

    async orders(scope: Scope, q: RechargeOrderQuery) {
      const { rows, total } = await deps.orders.list(scope, q);
      return { rows: rows.map(orderView), total };
    },

    async order(scope: Scope, id: number): Promise<RechargeOrderRow> {
      const row = await deps.orders.visible(scope, id);
      if (!row) throw userMessage('recharge.orderNotFound', undefined, 404);
      return orderView(row);
    },

    /** A parent credits a user below it, audited as an order (operator, pay mode, note). */
    async credit(scope: Scope, input: CreditInput): Promise<RechargeOrderRow> {
      const target = await deps.orders.userInfo(input.user_id);
      if (!target || !isBelowDataOwner(scope, target.path)) throw userMessage('recharge.notManaged');
      if (input.mode === 'offline' && scope.userType !== UserType.PLATFORM) {
        throw userMessage('recharge.offlinePlatformOnly');
      }
      const from =
        input.mode === 'balance'
          ? { kind: 'user_balance' as const, owner: scope.dataOwnerId }
          : { kind: 'payment_clearing' as const };
      await ledger.balance(from);
      await ledger.balance({ kind: 'user_balance', owner: input.user_id });
      const now = deps.clock();
      const outTradeNo = newOrderNo('C', now);
      const id = await deps.orders.transaction(async (tx) => {
        const order = await deps.orders.insert(
          {
            outTradeNo,
            ownerUserId: input.user_id,
            operatorUserId: scope.userId,
            payMode: input.mode === 'balance' ? PayMode.BALANCE : PayMode.NA,
            amount: input.amount,
            status: OrderStatus.PAID,
            note: input.note,
            createdAt: now,
            paidAt: now,
          },
          tx,
        );
        await createLedgerService({ db: tx, clock: deps.clock }).transfer({
          from,
          to: { kind: 'user_balance', owner: input.user_id },
          amount: input.amount,
          kind: 'credit',
          idempotencyKey: `credit:${outTradeNo}`,
          reference: outTradeNo,
        });
        return order.id;
      });
      return this.order(scope, id);
    },

    async overview(scope: Scope): Promise<FeeOverview> {
      const now = deps.clock();
      const [balance, left, spent, recent, user] = await Promise.all([
        ledger.balance(mine(scope)),
        remainingCountsOf(deps.db, scope.dataOwnerId),
        ledger.debitsBetween(mine(scope), monthStart(now), monthStart(now, 1)),
        deps.orders.recentOf(scope.dataOwnerId, 5),
        deps.orders.userInfo(scope.userId),
      ]);
      return {
        balance: balanceView(balance),
        month_spent: spent,
        sms_left: left?.sms ?? null,
        voice_left: left?.voice ?? null,
        recent_orders: recent.map(orderView),
        user_expire: iso(user?.userExpire ?? null),
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
