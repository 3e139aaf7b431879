import type { WorkOrderListQuery } from '@fleet/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceVisible, ownerIdInScope, ownerPathInScope } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { ledgerAssets } from './assets/assets.table.js';
import { workOrderFiles, workOrderHistory, workOrders } from './work-orders.table.js';

export type WorkOrderRecord = typeof workOrders.$inferSelect;
export type NewWorkOrder = Omit<typeof workOrders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type WorkOrderPatch = Partial<
  Omit<typeof workOrders.$inferInsert, 'id' | 'ownerUserId' | 'createdAt'>
>;
export type WorkOrderHistoryRecord = typeof workOrderHistory.$inferSelect;
export type NewWorkOrderHistory = Omit<typeof workOrderHistory.$inferInsert, 'id'>;
export type WorkOrderFileRecord = typeof workOrderFiles.$inferSelect;
export type WorkOrderView = WorkOrderRecord & {
  /** The order's tenant is in the caller's data (not only assigned to it). */
  managed: boolean;
  deviceTitle: string | null;
  assetTitle: string | null;
  createdByName: string | null;
  assigneeName: string | null;
};
export interface Person {
  id: number;
  name: string;
  username: string;
}

const OPEN = [0, 1, 2];
const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');
const nameOf = (u: { nickName: AnyColumn; username: AnyColumn }) =>
  sql<string | null>`coalesce(nullif(${u.nickName}, ''), ${u.username})`;

/**
 * Work orders, their append-only history and files. API reads are scoped: the order's tenant is in
 * the caller's data (`ownerIdInScope`), or the caller is its assignee (a customer account below the
 * tenant sees the orders dispatched to it). The leader's due tick is system side.
 */
export function createWorkOrdersRepository(db: Executor) {
  const visible = (scope: Scope): SQL =>
    or(ownerIdInScope(scope, workOrders.ownerUserId), eq(workOrders.assigneeId, scope.userId))!;

  const view = (tx: Executor, scope: Scope) =>
    tx
      .select({
        order: workOrders,
        managed: sql<boolean>`(${ownerIdInScope(scope, workOrders.ownerUserId)})`,
        deviceTitle: devices.title,
        assetTitle: sql<string | null>`${ledgerAssets.code} || ' ' || ${ledgerAssets.name}`,
        createdByName: nameOf(creator),
        assigneeName: nameOf(assignee),
      })
      .from(workOrders)
      .leftJoin(devices, eq(devices.id, workOrders.deviceId))
      .leftJoin(ledgerAssets, eq(ledgerAssets.id, workOrders.assetId))
      .leftJoin(creator, eq(creator.id, workOrders.createdBy))
      .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId));
  const flat = (r: {
    order: WorkOrderRecord;
    managed: boolean;
    deviceTitle: string | null;
    assetTitle: string | null;
    createdByName: string | null;
    assigneeName: string | null;
  }): WorkOrderView => ({
    ...r.order,
    managed: r.managed === true || String(r.managed) === 't',
    deviceTitle: r.deviceTitle,
    assetTitle: r.assetTitle,
    createdByName: r.createdByName,
    assigneeName: r.assigneeName,
  });

  function listWhere(
    scope: Scope,
    q: Omit<WorkOrderListQuery, 'page' | 'limit'>,
    now: Date,
    soon: Date,
  ): SQL {
    const open = inArray(workOrders.status, OPEN);
    return and(
      visible(scope),
      q.type !== undefined ? eq(workOrders.type, q.type) : undefined,
      q.status !== undefined ? eq(workOrders.status, q.status) : undefined,
      q.assignee_id !== undefined ? eq(workOrders.assigneeId, q.assignee_id) : undefined,
      q.device_id !== undefined ? eq(workOrders.deviceId, q.device_id) : undefined,
      q.alarm_id !== undefined ? eq(workOrders.alarmId, q.alarm_id) : undefined,
      q.asset_id !== undefined ? eq(workOrders.assetId, q.asset_id) : undefined,
      q.mine ? eq(workOrders.assigneeId, scope.userId) : undefined,
      q.view === 'overdue' ? and(open, lte(workOrders.dueAt, now)) : undefined,
      q.view === 'due_soon' ? and(open, gt(workOrders.dueAt, now), lte(workOrders.dueAt, soon)) : undefined,
      q.search ? ilike(workOrders.title, containsPattern(q.search)) : undefined,
    )!;
  }

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: Omit<WorkOrderListQuery, 'page' | 'limit'>,
      window: { now: Date; soon: Date; limit: number; offset: number },
    ) {
      const where = listWhere(scope, q, window.now, window.soon);
      const [total] = await db.select({ n: count() }).from(workOrders).where(where);
      // Overdue and due-soon views read best soonest-due first; the others newest first.
      const order = q.view ? [asc(workOrders.dueAt), asc(workOrders.id)] : [desc(workOrders.id)];
      const rows = await view(db, scope)
        .where(where)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** `afterChange`: the caller just acted on it (an assignee that returned it may no longer see it). */
    async get(scope: Scope, id: number, afterChange = false): Promise<WorkOrderView | undefined> {
      const [row] = await view(db, scope).where(
        and(eq(workOrders.id, id), afterChange ? undefined : visible(scope)),
      );
      return row ? flat(row) : undefined;
    },

    /** The order row locked for a transition (FOR UPDATE), inside the caller's scope. */
    async lock(
      scope: Scope,
      id: number,
      tx: Executor,
    ): Promise<(WorkOrderRecord & { managed: boolean }) | undefined> {
      const [row] = await tx
        .select({
          order: workOrders,
          managed: sql<boolean>`(${ownerIdInScope(scope, workOrders.ownerUserId)})`,
        })
        .from(workOrders)
        .where(and(eq(workOrders.id, id), visible(scope)))
        .for('update', { of: workOrders });
      return row ? { ...row.order, managed: row.managed === true || String(row.managed) === 't' } : undefined;
    },

    async insert(values: NewWorkOrder, tx: Executor = db): Promise<WorkOrderRecord> {
      const [row] = await tx.insert(workOrders).values(values).returning();
      return row!;
    },

    async update(id: number, patch: WorkOrderPatch, tx: Executor = db): Promise<void> {
      await tx.update(workOrders).set(patch).where(eq(workOrders.id, id));
    },

    /** The history only grows: there is no update or delete here (and the database refuses updates). */
    async appendHistory(values: NewWorkOrderHistory, tx: Executor = db): Promise<void> {
      await tx.insert(workOrderHistory).values(values);
    },

    async history(orderId: number): Promise<WorkOrderHistoryRecord[]> {
      return db
        .select()
        .from(workOrderHistory)
        .where(eq(workOrderHistory.orderId, orderId))
        .orderBy(asc(workOrderHistory.id));
    },

    /** A user of the caller's tenant (its data owner or below it) who may take orders. */
    async tenantUser(scope: Scope, userId: number, tx: Executor = db): Promise<Person | undefined> {
      const [row] = await tx
        .select({ id: users.id, name: nameOf(users), username: users.username })
        .from(users)
        .where(and(eq(users.id, userId), ownerPathInScope(scope), eq(users.status, 1)));
      return row ? { ...row, name: row.name ?? row.username } : undefined;
    },

    async tenantUsers(scope: Scope): Promise<Person[]> {
      const rows = await db
        .select({ id: users.id, name: nameOf(users), username: users.username })
        .from(users)
        .where(and(ownerPathInScope(scope), eq(users.status, 1)))
        .orderBy(asc(users.id))
        .limit(500);
      return rows.map((r) => ({ ...r, name: r.name ?? r.username }));
    },

    async personName(userId: number, tx: Executor = db): Promise<string> {
      const [row] = await tx
        .select({ name: nameOf(users) })
        .from(users)
        .where(eq(users.id, userId));
      return row?.name ?? '';
    },

    async visibleDevice(scope: Scope, deviceId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: devices.id, title: devices.title })
        .from(devices)
        .where(and(eq(devices.id, deviceId), deviceVisible(tx, scope)));
      return row;
    },

    /** Open orders already raised from this alarm (one alarm, one open repair). */
    async openForAlarm(alarmId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(and(eq(workOrders.alarmId, alarmId), inArray(workOrders.status, OPEN)))
        .limit(1);
      return row?.id;
    },

    // ------------------------------------------------------------ files

    async addFile(values: Omit<typeof workOrderFiles.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
      await db.insert(workOrderFiles).values(values).onConflictDoNothing();
    },

    async files(orderId: number, hashes: string[], tx: Executor = db): Promise<WorkOrderFileRecord[]> {
      if (hashes.length === 0) return [];
      return tx
        .select()
        .from(workOrderFiles)
        .where(and(eq(workOrderFiles.orderId, orderId), inArray(workOrderFiles.hash, hashes)));
    },

    // ------------------------------------------------------------ leader's due tick (system side)

    /** Open, assigned orders due before `until` whose assignee was not yet told (`which` notice). */
    async dueUnnoticed(which: 'due_soon' | 'overdue', until: Date, limit = 200): Promise<WorkOrderRecord[]> {
      const column = which === 'overdue' ? workOrders.overdueNoticedAt : workOrders.dueSoonNoticedAt;
      return db
        .select()
        .from(workOrders)
        .where(
          and(
            inArray(workOrders.status, [1, 2]),
            isNotNull(workOrders.assigneeId),
            lte(workOrders.dueAt, until),
            isNull(column),
          ),
        )
        .orderBy(asc(workOrders.dueAt))
        .limit(limit);
    },

    async markNoticed(id: number, which: 'due_soon' | 'overdue', at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(workOrders)
        .set(
          which === 'overdue'
            ? { overdueNoticedAt: at, dueSoonNoticedAt: sql`coalesce(${workOrders.dueSoonNoticedAt}, ${at})` }
            : { dueSoonNoticedAt: at },
        )
        .where(eq(workOrders.id, id));
    },
  };
}

export type WorkOrdersRepository = ReturnType<typeof createWorkOrdersRepository>;
