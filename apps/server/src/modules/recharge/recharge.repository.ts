import type { RechargeOrderQuery } from '@fleet/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerIdInScope } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { rechargeOrders, rechargeRefunds } from './recharge.table.js';

export type OrderRow = typeof rechargeOrders.$inferSelect;
export type NewOrder = Omit<typeof rechargeOrders.$inferInsert, 'id'>;
export type OrderRecord = OrderRow & { userName: string; operatorName: string; refundUnresolved: number };

const owner = alias(users, 'owner');
const operator = alias(users, 'operator');
const nameOf = (u: { nickName: SQLWrapper; username: SQLWrapper }) =>
  sql<string>`coalesce(nullif(${u.nickName}, ''), ${u.username}, '')`;

/** Top-up and credit orders; lists are scoped to the caller's data subtree (owner in scope). */
export function createRechargeRepository(db: Executor) {
  const withNames = (ex: Executor) =>
    ex
      .select({
        order: rechargeOrders,
        userName: nameOf(owner),
        operatorName: nameOf(operator),
        // Refunds the reconciliation gave up on (status 3), shown on the order for a person to check.
        refundUnresolved: sql<number>`(select coalesce(sum(${rechargeRefunds.amount}), 0)::float8 from ${rechargeRefunds} where ${rechargeRefunds.orderId} = ${rechargeOrders.id} and ${rechargeRefunds.status} = 3)`,
      })
      .from(rechargeOrders)
      .leftJoin(owner, eq(owner.id, rechargeOrders.ownerUserId))
      .leftJoin(operator, eq(operator.id, rechargeOrders.operatorUserId));
  const flat = (r: {
    order: OrderRow;
    userName: string | null;
    operatorName: string | null;
    refundUnresolved: number | string | null;
  }): OrderRecord => ({
    ...r.order,
    userName: r.userName ?? '',
    operatorName: r.operatorName ?? '',
    refundUnresolved: Number(r.refundUnresolved ?? 0),
  });

  return {
    transaction: <T>(fn: (tx: Executor) => Promise<T>) => db.transaction(fn),

    async insert(values: NewOrder, ex: Executor = db): Promise<OrderRow> {
      const [row] = await ex.insert(rechargeOrders).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewOrder>, ex: Executor = db): Promise<OrderRow | undefined> {
      const [row] = await ex.update(rechargeOrders).set(values).where(eq(rechargeOrders.id, id)).returning();
      return row;
    },

    /** The order of a notification, locked until the end of the transaction (one applier at a time). */
    async lockByOutTradeNo(outTradeNo: string, ex: Executor): Promise<OrderRow | undefined> {
      const [row] = await ex
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.outTradeNo, outTradeNo))
        .for('update');
      return row;
    },

    async byOutTradeNo(outTradeNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.outTradeNo, outTradeNo));
      return row;
    },

    /** Unpaid provider orders past their expiry, oldest first (the leader's timeout tick). */
    dueUnpaid: (now: Date, limit: number): Promise<OrderRow[]> =>
      db
        .select()
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.status, 0), lt(rechargeOrders.expiresAt, now)))
        .orderBy(asc(rechargeOrders.expiresAt))
        .limit(limit),

    async visible(scope: Scope, id: number): Promise<OrderRecord | undefined> {
      const [row] = await withNames(db).where(
        and(eq(rechargeOrders.id, id), ownerIdInScope(scope, rechargeOrders.ownerUserId)),
      );
      return row ? flat(row) : undefined;
    },

    async list(scope: Scope, q: RechargeOrderQuery): Promise<{ rows: OrderRecord[]; total: number }> {
      const where: SQL[] = [ownerIdInScope(scope, rechargeOrders.ownerUserId)];
      if (q.status !== undefined) where.push(eq(rechargeOrders.status, q.status));
      if (q.pay_mode !== undefined) where.push(eq(rechargeOrders.payMode, q.pay_mode));
      if (q.from) where.push(gte(rechargeOrders.createdAt, new Date(q.from)));
      if (q.to) where.push(lte(rechargeOrders.createdAt, new Date(q.to)));
      if (q.search) {
        const p = containsPattern(q.search);
        where.push(
          or(ilike(rechargeOrders.outTradeNo, p), ilike(owner.username, p), ilike(owner.nickName, p))!,
        );
      }
      const cond = and(...where);
      const [total] = await db
        .select({ n: count() })
        .from(rechargeOrders)
        .leftJoin(owner, eq(owner.id, rechargeOrders.ownerUserId))
        .where(cond);
      const rows = await withNames(db)
        .where(cond)
        .orderBy(desc(rechargeOrders.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** The newest orders crediting one user (the fee overview). */
    async recentOf(userId: number, limit: number): Promise<OrderRecord[]> {
      const rows = await withNames(db)
        .where(eq(rechargeOrders.ownerUserId, userId))
        .orderBy(desc(rechargeOrders.id))
        .limit(limit);
      return rows.map(flat);
    },

    /** Path and expiry of a user (is the credit target below the caller? the overview's expiry). */
    async userInfo(userId: number): Promise<{ path: string; userExpire: Date | null } | undefined> {
      const [row] = await db
        .select({ path: users.path, userExpire: users.userExpire })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
export type RechargeRepository = ReturnType<typeof createRechargeRepository>;
