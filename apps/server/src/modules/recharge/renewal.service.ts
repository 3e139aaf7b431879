import {
  type ListQuery,
  PayMode,
  type RenewableDeviceRow,
  type RenewableQuery,
  type RenewalOrderRow,
  type RenewInput,
  type RenewQuote,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { userMessage } from '../../platform/http/errors.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import type { FeeConfigService } from './fee-config.service.js';
import type { RenewalRepository } from './renewal.repository.js';
import { newOrderNo } from './topup.service.js';

/** A date plus whole calendar years (29 February lands on 1 March, as Date does). */
export function addYears(from: Date, years: number): Date {
  const d = new Date(from.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Device renewal (issue 20 item 4): N devices for Y years from the balance at the rent fee the parent
 * set on the account (inherited up to the base price, fee-config.service). One transaction: the devices
 * locked, the ledger transfer `renew:<order_no>` (user_balance -> platform_revenue, refused when the
 * balance is short), each reseller's margin `renew:<order_no>:margin:<user id>` (platform_revenue ->
 * the reseller's user_balance, kind margin), each expiry extended from max(now, current expiry), the
 * order and its devices recorded.
 */
export function createRenewalService(deps: {
  repo: RenewalRepository;
  db: Executor;
  clock: () => Date;
  pricing: Pick<FeeConfigService, 'rentSplitOf'>;
}) {
  const ledger = createLedgerService({ db: deps.db, clock: deps.clock });
  return {
    async quote(scope: Scope): Promise<RenewQuote> {
      const split = await deps.pricing.rentSplitOf(scope.dataOwnerId);
      const balance = await ledger.balance({ kind: 'user_balance', owner: scope.dataOwnerId });
      return { unit_fee: split.unitFee, available: balance.available };
    },

    async renewable(scope: Scope, q: RenewableQuery): Promise<{ rows: RenewableDeviceRow[]; total: number }> {
      const { rows, total } = await deps.repo.renewable(scope, q, deps.clock());
      return {
        rows: rows.map((r) => ({
          id: r.id,
          device_title: r.title,
          device_imei: r.imei,
          expire_at: iso(r.expireAt),
        })),
        total,
      };
    },

    async renew(scope: Scope, input: RenewInput): Promise<RenewalOrderRow> {
      const { unitFee, margins } = await deps.pricing.rentSplitOf(scope.dataOwnerId);
      if (unitFee <= 0) throw userMessage('recharge.noRentFee');
      const units = input.years * input.device_ids.length;
      const amount = unitFee * units;
      // Accounts are created outside the business transaction (a failed renewal leaves them, empty).
      await ledger.balance({ kind: 'user_balance', owner: scope.dataOwnerId });
      await ledger.balance({ kind: 'platform_revenue' });
      for (const m of margins) await ledger.balance({ kind: 'user_balance', owner: m.userId });
      const now = deps.clock();
      const orderNo = newOrderNo('D', now);
      const order = await deps.repo.transaction(async (tx) => {
        const owned = await deps.repo.lockOwned(tx, scope, input.device_ids);
        if (owned.length !== input.device_ids.length) throw userMessage('recharge.devicesNotFound');
        const inTx = createLedgerService({ db: tx, clock: deps.clock });
        await inTx.transfer({
          from: { kind: 'user_balance', owner: scope.dataOwnerId },
          to: { kind: 'platform_revenue' },
          amount,
          kind: 'renewal',
          idempotencyKey: `renew:${orderNo}`,
          reference: orderNo,
        });
        for (const m of margins)
          await inTx.transfer({
            from: { kind: 'platform_revenue' },
            to: { kind: 'user_balance', owner: m.userId },
            amount: m.perUnit * units,
            kind: 'margin',
            idempotencyKey: `renew:${orderNo}:margin:${m.userId}`,
            reference: orderNo,
          });
        const lines = [];
        for (const d of owned) {
          const base = d.expireAt && d.expireAt.getTime() > now.getTime() ? d.expireAt : now;
          const after = addYears(base, input.years);
          await deps.repo.setExpiry(tx, d.id, after);
          lines.push({
            deviceId: d.id,
            deviceTitle: d.title,
            deviceImei: d.imei,
            expireBefore: d.expireAt,
            expireAfter: after,
          });
        }
        return deps.repo.insertOrder(
          tx,
          {
            orderNo,
            ownerUserId: scope.dataOwnerId,
            operatorUserId: scope.userId,
            deviceCount: owned.length,
            years: input.years,
            unitFee,
            amount,
            createdAt: now,
          },
          lines,
        );
      });
      const { rows } = await this.orders(scope, { page: 1, limit: 10 });
      return rows.find((r) => r.id === order.id)!;
    },

    async orders(
      scope: Scope,
      q: Pick<ListQuery, 'page' | 'limit'>,
    ): Promise<{ rows: RenewalOrderRow[]; total: number }> {
      const { rows, lines, total } = await deps.repo.list(scope, q);
      return {
        rows: rows.map(({ order, userName, operatorName }) => ({
          id: order.id,
          order_no: order.orderNo,
          user_name: userName ?? '',
          operator_name: operatorName ?? '',
          device_count: order.deviceCount,
          years: order.years,
          unit_fee: order.unitFee,
          amount: order.amount,
          order_type: 1,
          pay_mode: PayMode.BALANCE,
          fee_status: 1,
          created_at: order.createdAt.toISOString(),
          devices: lines
            .filter((l) => l.orderId === order.id)
            .map((l) => ({
              device_id: l.deviceId,
              device_title: l.deviceTitle,
              device_imei: l.deviceImei,
              expire_before: iso(l.expireBefore),
              expire_after: l.expireAfter.toISOString(),
            })),
        })),
        total,
      };
    },
  };
}
