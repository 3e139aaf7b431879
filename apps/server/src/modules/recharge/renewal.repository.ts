import type { RenewableQuery } from '@fleet/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceOwned, ownerIdInScope } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { renewalOrderDevices, renewalOrders } from './recharge.table.js';

export type RenewalOrder = typeof renewalOrders.$inferSelect;
export type RenewalDevice = typeof renewalOrderDevices.$inferSelect;

const operator = alias(users, 'operator');

/** Renewals: devices owned in the caller's data subtree (deviceOwned), orders by owner in scope. */
export function createRenewalRepository(db: Executor) {
  return {
    transaction: <T>(fn: (tx: Executor) => Promise<T>) => db.transaction(fn),

    async renewable(scope: Scope, q: RenewableQuery, now: Date) {
      const where: SQL[] = [deviceOwned(db, scope)];
      if (q.search) {
        const p = containsPattern(q.search);
        where.push(or(ilike(devices.title, p), ilike(devices.imei, p))!);
      }
      if (q.within_days !== undefined) {
        where.push(
          isNotNull(devices.expireAt),
          lte(devices.expireAt, new Date(now.getTime() + q.within_days * 86_400_000)),
        );
      }
      const cond = and(...where);
      const [total] = await db.select({ n: count() }).from(devices).where(cond);
      const rows = await db
        .select({ id: devices.id, title: devices.title, imei: devices.imei, expireAt: devices.expireAt })
        .from(devices)
        .where(cond)
        .orderBy(sql`${devices.expireAt} ASC NULLS LAST`, asc(devices.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { rows, total: total?.n ?? 0 };
    },

    /** The listed devices the caller owns, locked until the end of the renewal. */
    lockOwned: (tx: Executor, scope: Scope, ids: number[]) =>
      tx
        .select({ id: devices.id, title: devices.title, imei: devices.imei, expireAt: devices.expireAt })
        .from(devices)
        .where(and(inArray(devices.id, ids), deviceOwned(tx, scope)))
        .orderBy(asc(devices.id))
        .for('update'),

    async setExpiry(tx: Executor, id: number, expireAt: Date) {
      await tx.update(devices).set({ expireAt }).where(eq(devices.id, id));
    },

    async insertOrder(
      tx: Executor,
      values: Omit<typeof renewalOrders.$inferInsert, 'id'>,
      lines: Omit<RenewalDevice, 'orderId'>[],
    ) {
      const [order] = await tx.insert(renewalOrders).values(values).returning();
      await tx.insert(renewalOrderDevices).values(lines.map((l) => ({ ...l, orderId: order!.id })));
      return order!;
    },

    async list(scope: Scope, page: { page: number; limit: number }) {
      const cond = ownerIdInScope(scope, renewalOrders.ownerUserId);
      const [total] = await db.select({ n: count() }).from(renewalOrders).where(cond);
      const rows = await db
        .select({
          order: renewalOrders,
          userName: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.username}, '')`,
          operatorName: sql<string>`coalesce(nullif(${operator.nickName}, ''), ${operator.username}, '')`,
        })
        .from(renewalOrders)
        .leftJoin(users, eq(users.id, renewalOrders.ownerUserId))
        .leftJoin(operator, eq(operator.id, renewalOrders.operatorUserId))
        .where(cond)
        .orderBy(desc(renewalOrders.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
      const ids = rows.map((r) => r.order.id);
      const lines = ids.length
        ? await db.select().from(renewalOrderDevices).where(inArray(renewalOrderDevices.orderId, ids))
        : [];
      return { rows, lines, total: total?.n ?? 0 };
    },
  };
}
export type RenewalRepository = ReturnType<typeof createRenewalRepository>;
