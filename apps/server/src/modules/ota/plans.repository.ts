import type {
  OtaDeviceState,
  OtaLogListQuery,
  OtaPlanDeviceListQuery,
  OtaPlanListQuery,
} from '@fleet/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerIdInScope } from '../../platform/tenancy/scope.js';
import { otaApplications, otaLog, otaPlanDevices, otaPlans } from './plans.table.js';
import { otaGateways } from './registry.table.js';

export type OtaPlanRecord = typeof otaPlans.$inferSelect;
export type NewOtaPlan = Omit<typeof otaPlans.$inferInsert, 'id'>;
export type OtaPlanDeviceRecord = typeof otaPlanDevices.$inferSelect;
export type NewOtaPlanDevice = Omit<typeof otaPlanDevices.$inferInsert, 'id' | 'updatedAt'>;
export type OtaLogRecord = typeof otaLog.$inferSelect;
export type NewOtaLog = Omit<typeof otaLog.$inferInsert, 'id'>;
export type OtaPlanWithApp = OtaPlanRecord & { applicationVersion: string | null };
export type StateCount = { planId: number; group: number; state: OtaDeviceState; n: number };

const FINAL: OtaDeviceState[] = ['reported', 'failed'];

/**
 * Plans, their devices and the OTA log. The API reads are scoped (`ownerIdInScope`); the rollout tick
 * and the progress of an authenticated gateway are system side and go by plan id or IMEI.
 */
export function createOtaPlansRepository(db: Executor) {
  const planVisible = (scope: Scope) => ownerIdInScope(scope, otaPlans.ownerUserId);
  const logWhere = (scope: Scope, q: Omit<OtaLogListQuery, 'page' | 'limit'>, failedOnly: boolean) =>
    and(
      ownerIdInScope(scope, otaLog.ownerUserId),
      failedOnly ? eq(otaLog.state, 'failed') : q.state ? eq(otaLog.state, q.state) : undefined,
      q.plan_id !== undefined ? eq(otaLog.planId, q.plan_id) : undefined,
      q.imei ? sql`${otaLog.imei} LIKE ${containsPattern(q.imei)}` : undefined,
      q.starttime ? gte(otaLog.at, q.starttime) : undefined,
      q.endtime ? lte(otaLog.at, q.endtime) : undefined,
    );
  const withApp = (tx: Executor) =>
    tx
      .select({ plan: otaPlans, applicationVersion: otaApplications.version })
      .from(otaPlans)
      .leftJoin(otaApplications, eq(otaApplications.id, otaPlans.applicationId));
  const flat = (r: { plan: OtaPlanRecord; applicationVersion: string | null }): OtaPlanWithApp => ({
    ...r.plan,
    applicationVersion: r.applicationVersion,
  });

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    // ------------------------------------------------------------ API (scoped)

    async list(scope: Scope, q: Omit<OtaPlanListQuery, 'page' | 'limit'>, limit: number, offset: number) {
      const where = and(
        planVisible(scope),
        q.search ? sql`${otaPlans.name} ILIKE ${containsPattern(q.search)}` : undefined,
        q.type !== undefined ? eq(otaPlans.type, q.type) : undefined,
        q.state !== undefined ? eq(otaPlans.state, q.state) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(otaPlans).where(where);
      const rows = await withApp(db).where(where).orderBy(desc(otaPlans.id)).limit(limit).offset(offset);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    async get(scope: Scope, id: number, tx: Executor = db): Promise<OtaPlanWithApp | undefined> {
      const [row] = await withApp(tx).where(and(eq(otaPlans.id, id), planVisible(scope)));
      return row ? flat(row) : undefined;
    },

    /** Devices per plan, group and state. */
    async stateCounts(planIds: number[], tx: Executor = db): Promise<StateCount[]> {
      if (planIds.length === 0) return [];
      const rows = await tx
        .select({
          planId: otaPlanDevices.planId,
          group: otaPlanDevices.groupIndex,
          state: otaPlanDevices.state,
          n: count(),
        })
        .from(otaPlanDevices)
        .where(inArray(otaPlanDevices.planId, planIds))
        .groupBy(otaPlanDevices.planId, otaPlanDevices.groupIndex, otaPlanDevices.state);
      return rows;
    },

    async listDevices(
      planId: number,
      q: Omit<OtaPlanDeviceListQuery, 'page' | 'limit'>,
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(otaPlanDevices.planId, planId),
        q.state ? eq(otaPlanDevices.state, q.state) : undefined,
        q.group !== undefined ? eq(otaPlanDevices.groupIndex, q.group) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(otaPlanDevices).where(where);
      const rows = await db
        .select()
        .from(otaPlanDevices)
        .where(where)
        .orderBy(asc(otaPlanDevices.position))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    /** Gateways in the caller's data: the listed ids (level 0) or all of them (level 1), by id. */
    async targetGateways(scope: Scope, ids: number[] | 'all', tx: Executor = db) {
      return tx
        .select({ id: otaGateways.id, imei: otaGateways.imei, paramVersion: otaGateways.paramVersion })
        .from(otaGateways)
        .where(
          and(
            ownerIdInScope(scope, otaGateways.ownerUserId),
            ids === 'all' ? undefined : inArray(otaGateways.id, ids),
          ),
        )
        .orderBy(asc(otaGateways.id));
    },

    async insertPlan(
      row: NewOtaPlan,
      devices: Omit<NewOtaPlanDevice, 'planId'>[],
      tx: Executor,
    ): Promise<number> {
      const [plan] = await tx.insert(otaPlans).values(row).returning({ id: otaPlans.id });
      for (let i = 0; i < devices.length; i += 1000) {
        await tx
          .insert(otaPlanDevices)
          .values(devices.slice(i, i + 1000).map((d) => ({ ...d, planId: plan!.id })));
      }
      // The gateway row names its latest firmware / parameter plan and when it started.
      const gatewayIds = devices.map((d) => d.gatewayId).filter((id): id is number => id != null);
      const latest = row.type === 2 ? { firmwarePlanId: plan!.id } : { paramPlanId: plan!.id };
      for (let i = 0; i < gatewayIds.length; i += 1000) {
        await tx
          .update(otaGateways)
          .set({ ...latest, planAt: row.createdAt ?? new Date() })
          .where(inArray(otaGateways.id, gatewayIds.slice(i, i + 1000)));
      }
      return plan!.id;
    },

    async removePlan(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(otaPlans).where(eq(otaPlans.id, id));
    },

    /** A page of the log in list order after `after` (keyset), for the background export. */
    async logChunk(
      scope: Scope,
      q: Omit<OtaLogListQuery, 'page' | 'limit'>,
      failedOnly: boolean,
      limit: number,
      after?: { at: Date; id: number },
    ) {
      return db
        .select()
        .from(otaLog)
        .where(
          and(
            logWhere(scope, q, failedOnly),
            after
              ? sql`(${otaLog.at}, ${otaLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(otaLog.at), desc(otaLog.id))
        .limit(limit);
    },

    async listLog(
      scope: Scope,
      q: Omit<OtaLogListQuery, 'page' | 'limit'>,
      failedOnly: boolean,
      limit: number,
      offset: number,
    ) {
      const where = logWhere(scope, q, failedOnly);
      const [total] = await db.select({ n: count() }).from(otaLog).where(where);
      const rows = await db
        .select()
        .from(otaLog)
        .where(where)
        .orderBy(desc(otaLog.at), desc(otaLog.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    // ------------------------------------------------------------ rollout (system side)

    /** Plans the leader's tick advances. */
    async runningPlanIds(): Promise<number[]> {
      const rows = await db.select({ id: otaPlans.id }).from(otaPlans).where(eq(otaPlans.state, 'running'));
      return rows.map((r) => r.id);
    },

    async planById(id: number): Promise<OtaPlanRecord | undefined> {
      const [row] = await db.select().from(otaPlans).where(eq(otaPlans.id, id));
      return row;
    },

    /** The plan, locked for this tick (a second leader, if ever, waits instead of doubling notices). */
    async lockPlan(id: number, tx: Executor): Promise<OtaPlanRecord | undefined> {
      const [row] = await tx.select().from(otaPlans).where(eq(otaPlans.id, id)).for('update');
      return row;
    },

    /** The plan's devices in rollout order, each with the owner of its gateway row (null once deleted). */
    async devicesOf(
      planId: number,
      tx: Executor = db,
    ): Promise<Array<OtaPlanDeviceRecord & { gatewayOwner: number | null }>> {
      const rows = await tx
        .select({ device: otaPlanDevices, gatewayOwner: otaGateways.ownerUserId })
        .from(otaPlanDevices)
        .leftJoin(otaGateways, eq(otaGateways.id, otaPlanDevices.gatewayId))
        .where(eq(otaPlanDevices.planId, planId))
        .orderBy(asc(otaPlanDevices.position));
      return rows.map((r) => ({ ...r.device, gatewayOwner: r.gatewayOwner }));
    },

    async updatePlan(id: number, patch: Partial<NewOtaPlan>, tx: Executor = db): Promise<void> {
      await tx.update(otaPlans).set(patch).where(eq(otaPlans.id, id));
    },

    async updateDevice(
      id: number,
      patch: Partial<NewOtaPlanDevice>,
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(otaPlanDevices)
        .set({ ...patch, updatedAt: at })
        .where(eq(otaPlanDevices.id, id));
    },

    /**
     * A notice that could not be sent puts its device back in the queue, only while it is still
     * `notified`: an abort (or progress) that came in meanwhile has the last word.
     */
    async requeueUnsent(id: number, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(otaPlanDevices)
        .set({ state: 'queued', notifiedAt: null, startAt: null, updatedAt: at })
        .where(and(eq(otaPlanDevices.id, id), eq(otaPlanDevices.state, 'notified')));
    },

    async appendLog(rows: NewOtaLog[], tx: Executor = db): Promise<void> {
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(otaLog).values(rows.slice(i, i + 1000));
    },

    /** The unfinished device of a running or paused plan that a gateway's progress names. */
    async activeDevice(imei: string, planId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ device: otaPlanDevices, plan: otaPlans, gatewayOwner: otaGateways.ownerUserId })
        .from(otaPlanDevices)
        .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
        .leftJoin(otaGateways, eq(otaGateways.id, otaPlanDevices.gatewayId))
        .where(
          and(
            eq(otaPlanDevices.planId, planId),
            eq(otaPlanDevices.imei, imei),
            notInArray(otaPlanDevices.state, FINAL),
            inArray(otaPlans.state, ['running', 'paused']),
          ),
        )
        .for('update', { of: otaPlanDevices });
      return row;
    },

    /** What a gateway now runs, as it reported it. */
    async updateGateway(
      id: number,
      patch: { firmwareVersion?: string; firmwareCounter?: number; paramVersion?: number },
      at: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(otaGateways)
        .set({ ...patch, updatedAt: at })
        .where(eq(otaGateways.id, id));
    },
  };
}

export type OtaPlansRepository = ReturnType<typeof createOtaPlansRepository>;
