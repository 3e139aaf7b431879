import type { PlanListQuery } from '@fleet/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import { pointHistory, pointLatest } from '../../../pipeline/pipeline.table.js';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { containsPattern } from '../../../platform/db/like.js';
import { deviceVisible, ownerIdInScope } from '../../../platform/tenancy/scope.js';
import { dataPoints, devices } from '../../devices/devices.table.js';
import { users } from '../../users/users.table.js';
import { ledgerAssets } from '../assets/assets.table.js';
import { workOrders } from '../work-orders.table.js';
import { maintenancePlanOrders, maintenancePlans, maintenancePlanTargets } from './plans.table.js';

export type PlanRecord = typeof maintenancePlans.$inferSelect;
export type NewPlan = Omit<typeof maintenancePlans.$inferInsert, 'id' | 'createdAt'>;
export type PlanPatch = Partial<
  Omit<typeof maintenancePlans.$inferInsert, 'id' | 'ownerUserId' | 'createdAt'>
>;
export interface PlanTargetView {
  planId: number;
  type: number;
  id: number;
  title: string;
}

const RUNNING = [1, 2, 4, 5, 6];
const nameOf = sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.username})`;

/**
 * Maintenance plans, their targets and raised occurrences. API reads are scoped: the plan's tenant is
 * in the caller's data (`ownerIdInScope`). The generator's reads at the end are system side (the
 * leader's tick works for every tenant).
 */
export function createPlansRepository(db: Executor) {
  const where = (scope: Scope, q: Omit<PlanListQuery, 'page' | 'limit'>): SQL =>
    and(
      ownerIdInScope(scope, maintenancePlans.ownerUserId),
      q.status !== undefined ? eq(maintenancePlans.status, q.status) : undefined,
      q.search ? ilike(maintenancePlans.name, containsPattern(q.search)) : undefined,
    )!;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(scope: Scope, q: Omit<PlanListQuery, 'page' | 'limit'>, limit: number, offset: number) {
      const filter = where(scope, q);
      const [total] = await db.select({ n: count() }).from(maintenancePlans).where(filter);
      const rows = await db
        .select()
        .from(maintenancePlans)
        .where(filter)
        .orderBy(desc(maintenancePlans.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async get(scope: Scope, id: number, tx: Executor = db): Promise<PlanRecord | undefined> {
      const [row] = await tx
        .select()
        .from(maintenancePlans)
        .where(and(eq(maintenancePlans.id, id), ownerIdInScope(scope, maintenancePlans.ownerUserId)));
      return row;
    },

    /** The plan row locked for a change (FOR UPDATE), inside the caller's scope. */
    async lock(scope: Scope, id: number, tx: Executor): Promise<PlanRecord | undefined> {
      const [row] = await tx
        .select()
        .from(maintenancePlans)
        .where(and(eq(maintenancePlans.id, id), ownerIdInScope(scope, maintenancePlans.ownerUserId)))
        .for('update');
      return row;
    },

    async insert(values: NewPlan, tx: Executor): Promise<PlanRecord> {
      const [row] = await tx.insert(maintenancePlans).values(values).returning();
      return row!;
    },

    async update(id: number, patch: PlanPatch, tx: Executor = db): Promise<void> {
      await tx.update(maintenancePlans).set(patch).where(eq(maintenancePlans.id, id));
    },

    async remove(id: number, tx: Executor): Promise<void> {
      await tx.delete(maintenancePlans).where(eq(maintenancePlans.id, id));
    },

    async setTargets(planId: number, type: number, ids: readonly number[], tx: Executor): Promise<void> {
      await tx.delete(maintenancePlanTargets).where(eq(maintenancePlanTargets.planId, planId));
      if (ids.length > 0)
        await tx
          .insert(maintenancePlanTargets)
          .values(ids.map((targetId) => ({ planId, targetType: type, targetId })));
    },

    /** Targets of the plans with a title (device targets: the device title). */
    async targets(planIds: readonly number[], tx: Executor = db): Promise<PlanTargetView[]> {
      if (planIds.length === 0) return [];
      const rows = await tx
        .select({
          planId: maintenancePlanTargets.planId,
          type: maintenancePlanTargets.targetType,
          id: maintenancePlanTargets.targetId,
          deviceTitle: devices.title,
          assetCode: ledgerAssets.code,
          assetName: ledgerAssets.name,
        })
        .from(maintenancePlanTargets)
        .leftJoin(
          devices,
          and(eq(maintenancePlanTargets.targetType, 0), eq(devices.id, maintenancePlanTargets.targetId)),
        )
        .leftJoin(
          ledgerAssets,
          and(eq(maintenancePlanTargets.targetType, 1), eq(ledgerAssets.id, maintenancePlanTargets.targetId)),
        )
        .where(inArray(maintenancePlanTargets.planId, [...planIds]))
        .orderBy(asc(maintenancePlanTargets.planId), asc(maintenancePlanTargets.targetId));
      return rows.map(({ deviceTitle, assetCode, assetName, ...r }) => ({
        ...r,
        title: deviceTitle ?? (assetCode === null ? `#${r.id}` : `${assetCode} ${assetName}`),
      }));
    },

    async userNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: nameOf })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async orderCounts(planIds: readonly number[]): Promise<Map<number, number>> {
      if (planIds.length === 0) return new Map();
      const rows = await db
        .select({ planId: maintenancePlanOrders.planId, n: count() })
        .from(maintenancePlanOrders)
        .where(inArray(maintenancePlanOrders.planId, [...planIds]))
        .groupBy(maintenancePlanOrders.planId);
      return new Map(rows.map((r) => [r.planId, r.n]));
    },

    async recentOrders(planId: number, limit = 10) {
      return db
        .select({
          id: workOrders.id,
          occurrence: maintenancePlanOrders.occurrence,
          status: workOrders.status,
          dueAt: workOrders.dueAt,
        })
        .from(maintenancePlanOrders)
        .innerJoin(workOrders, eq(workOrders.id, maintenancePlanOrders.orderId))
        .where(eq(maintenancePlanOrders.planId, planId))
        .orderBy(desc(maintenancePlanOrders.occurrence), desc(workOrders.id))
        .limit(limit);
    },

    /** Devices of the list the caller may see (the one scope rule). */
    async visibleDevices(scope: Scope, ids: readonly number[], tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, [...ids]), deviceVisible(tx, scope)));
      return rows.map((r) => r.id);
    },

    /** Points of a device the caller may see, with their latest value (the meter point picker). */
    async devicePoints(scope: Scope, deviceId: number) {
      return db
        .select({
          id: dataPoints.id,
          title: dataPoints.title,
          unit: dataPoints.unit,
          value: pointLatest.value,
        })
        .from(dataPoints)
        .innerJoin(devices, eq(devices.id, dataPoints.deviceId))
        .leftJoin(pointLatest, eq(pointLatest.pointId, dataPoints.id))
        .where(and(eq(dataPoints.deviceId, deviceId), deviceVisible(db, scope)))
        .orderBy(asc(dataPoints.sort), asc(dataPoints.id))
        .limit(500);
    },

    async pointOfDevice(pointId: number, deviceId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: dataPoints.id })
        .from(dataPoints)
        .where(and(eq(dataPoints.id, pointId), eq(dataPoints.deviceId, deviceId)));
      return row !== undefined;
    },

    // ------------------------------------------------------------ generator (system side)

    /** Running calendar plans whose next order is due to be raised. */
    async dueCalendarPlans(now: Date, limit = 200): Promise<number[]> {
      const rows = await db
        .select({ id: maintenancePlans.id })
        .from(maintenancePlans)
        .where(
          and(
            inArray(maintenancePlans.status, RUNNING),
            eq(maintenancePlans.trigger, 'calendar'),
            lte(maintenancePlans.nextCreateAt, now),
          ),
        )
        .orderBy(asc(maintenancePlans.nextCreateAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async runningMeterPlans(limit = 500): Promise<number[]> {
      const rows = await db
        .select({ id: maintenancePlans.id })
        .from(maintenancePlans)
        .where(
          and(
            inArray(maintenancePlans.status, RUNNING),
            ne(maintenancePlans.trigger, 'calendar'),
            isNotNull(maintenancePlans.meterPointId),
          ),
        )
        .orderBy(asc(maintenancePlans.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** A plan locked by the generator; `undefined` when gone. */
    async lockForGenerator(id: number, tx: Executor): Promise<PlanRecord | undefined> {
      const [row] = await tx.select().from(maintenancePlans).where(eq(maintenancePlans.id, id)).for('update');
      return row;
    },

    /** A ledger asset a plan targets, read by the generator (checked in scope when the plan was saved). */
    async assetOf(id: number, tx: Executor) {
      const [row] = await tx
        .select({ id: ledgerAssets.id, deviceId: ledgerAssets.deviceId })
        .from(ledgerAssets)
        .where(eq(ledgerAssets.id, id));
      return row;
    },

    async targetIds(planId: number, tx: Executor): Promise<{ type: number; id: number }[]> {
      return tx
        .select({ type: maintenancePlanTargets.targetType, id: maintenancePlanTargets.targetId })
        .from(maintenancePlanTargets)
        .where(eq(maintenancePlanTargets.planId, planId))
        .orderBy(asc(maintenancePlanTargets.targetId));
    },

    /** Claims one occurrence of one target: false when it was raised before (the idempotency key). */
    async claimOccurrence(
      values: { planId: number; occurrence: number; targetType: number; targetId: number; dueAt: Date },
      tx: Executor,
    ): Promise<boolean> {
      const rows = await tx
        .insert(maintenancePlanOrders)
        .values(values)
        .onConflictDoNothing()
        .returning({ planId: maintenancePlanOrders.planId });
      return rows.length > 0;
    },

    async linkOrder(
      key: { planId: number; occurrence: number; targetType: number; targetId: number },
      orderId: number,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(maintenancePlanOrders)
        .set({ orderId })
        .where(
          and(
            eq(maintenancePlanOrders.planId, key.planId),
            eq(maintenancePlanOrders.occurrence, key.occurrence),
            eq(maintenancePlanOrders.targetType, key.targetType),
            eq(maintenancePlanOrders.targetId, key.targetId),
          ),
        );
    },

    /** The status of the plan's latest generated order (highest occurrence, then newest). */
    async latestOrderStatus(planId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ status: workOrders.status })
        .from(maintenancePlanOrders)
        .innerJoin(workOrders, eq(workOrders.id, maintenancePlanOrders.orderId))
        .where(eq(maintenancePlanOrders.planId, planId))
        .orderBy(desc(maintenancePlanOrders.occurrence), desc(workOrders.id))
        .limit(1);
      return row?.status;
    },

    /** Running plans that raised orders (all, or the one `onlyId`). */
    async runningPlanIds(limit = 1000, onlyId?: number): Promise<{ id: number; status: number }[]> {
      return db
        .select({ id: maintenancePlans.id, status: maintenancePlans.status })
        .from(maintenancePlans)
        .where(
          and(
            inArray(maintenancePlans.status, RUNNING),
            gt(maintenancePlans.nextOccurrence, 0),
            onlyId !== undefined ? eq(maintenancePlans.id, onlyId) : undefined,
          ),
        )
        .orderBy(asc(maintenancePlans.id))
        .limit(limit);
    },

    /** An enabled user (a plan's assignee is re-checked when its order is raised). */
    async enabledUser(id: number, tx: Executor): Promise<{ id: number; name: string } | undefined> {
      const [row] = await tx
        .select({ id: users.id, name: nameOf })
        .from(users)
        .where(and(eq(users.id, id), eq(users.status, 1)));
      return row;
    },

    async pointLatestValue(
      pointId: number,
      tx: Executor = db,
    ): Promise<{ value: number | null; at: Date } | undefined> {
      const [row] = await tx
        .select({ value: pointLatest.value, at: pointLatest.ts })
        .from(pointLatest)
        .where(eq(pointLatest.pointId, pointId));
      return row;
    },

    /** Samples of a point after `after` up to `until`, oldest first (running-hours integration). */
    async pointSamples(pointId: number, after: Date, until: Date, limit = 10_000, tx: Executor = db) {
      return tx
        .select({ at: pointHistory.ts, value: pointHistory.value })
        .from(pointHistory)
        .where(
          and(eq(pointHistory.pointId, pointId), gt(pointHistory.ts, after), lte(pointHistory.ts, until)),
        )
        .orderBy(asc(pointHistory.ts))
        .limit(limit);
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
