import type { OtaGatewayListQuery, OtaSimListQuery, OtaSimStatus } from '@fleet/contracts';
import { and, count, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerIdInScope, ownerPathInScope } from '../../platform/tenancy/scope.js';
import { deviceProjects } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';
import { otaPlans } from './plans.table.js';
import { otaGateways, otaSims } from './registry.table.js';

export type OtaGatewayTableRow = typeof otaGateways.$inferSelect;
export type NewOtaGateway = Omit<typeof otaGateways.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OtaGatewayRecord = OtaGatewayTableRow & {
  simStatus: OtaSimStatus | null;
  firmwarePlanName: string | null;
  paramPlanName: string | null;
};
export type OtaSimTableRow = typeof otaSims.$inferSelect;
export type NewOtaSim = Omit<typeof otaSims.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const CHUNK = 1000;
const firmwarePlan = alias(otaPlans, 'firmware_plan');
const paramPlan = alias(otaPlans, 'param_plan');
const DAY_MS = 24 * 3600_000;
/** A calendar date (UTC) as the `date` column holds it. */
const isoDate = (at: Date) => at.toISOString().slice(0, 10);

/** Gateways and SIM cards are owned like devices: by the caller's data owner or a user below it. */
export function createOtaRegistryRepository(db: Executor) {
  const gatewayVisible = (scope: Scope): SQL => ownerIdInScope(scope, otaGateways.ownerUserId);
  const simVisible = (scope: Scope): SQL => ownerIdInScope(scope, otaSims.ownerUserId);

  /** Gateways with the status of their SIM card (when in the caller's data) and their plans' names. */
  const gatewaysWithSim = (scope: Scope, tx: Executor) =>
    tx
      .select({
        gateway: otaGateways,
        simStatus: otaSims.status,
        firmwarePlanName: firmwarePlan.name,
        paramPlanName: paramPlan.name,
      })
      .from(otaGateways)
      .leftJoin(otaSims, and(eq(otaSims.iccid, otaGateways.iccid), simVisible(scope)))
      .leftJoin(firmwarePlan, eq(firmwarePlan.id, otaGateways.firmwarePlanId))
      .leftJoin(paramPlan, eq(paramPlan.id, otaGateways.paramPlanId));

  const flat = (r: {
    gateway: OtaGatewayTableRow;
    simStatus: OtaSimStatus | null;
    firmwarePlanName: string | null;
    paramPlanName: string | null;
  }): OtaGatewayRecord => ({
    ...r.gateway,
    simStatus: r.simStatus,
    firmwarePlanName: r.firmwarePlanName,
    paramPlanName: r.paramPlanName,
  });

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async listGateways(
      scope: Scope,
      q: Omit<OtaGatewayListQuery, 'page' | 'limit'>,
      limit: number,
      offset: number,
      tx: Executor = db,
    ): Promise<{ rows: OtaGatewayRecord[]; total: number }> {
      const pattern = q.search ? containsPattern(q.search) : undefined;
      const where = and(
        gatewayVisible(scope),
        pattern
          ? sql`(${otaGateways.imei} ILIKE ${pattern} OR ${otaGateways.iccid} ILIKE ${pattern} OR ${otaGateways.model} ILIKE ${pattern} OR ${otaGateways.remark} ILIKE ${pattern})`
          : undefined,
        q.type !== undefined ? eq(otaGateways.type, q.type) : undefined,
        q.model !== undefined ? eq(otaGateways.model, q.model) : undefined,
        q.project_id !== undefined ? eq(otaGateways.projectId, q.project_id) : undefined,
        q.firmware_version !== undefined ? eq(otaGateways.firmwareVersion, q.firmware_version) : undefined,
        q.owner_user_id !== undefined ? eq(otaGateways.ownerUserId, q.owner_user_id) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(otaGateways).where(where);
      const rows = await gatewaysWithSim(scope, tx)
        .where(where)
        .orderBy(desc(otaGateways.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    async findGateway(scope: Scope, id: number, tx: Executor = db): Promise<OtaGatewayRecord | undefined> {
      const [row] = await gatewaysWithSim(scope, tx).where(
        and(eq(otaGateways.id, id), gatewayVisible(scope)),
      );
      return row && flat(row);
    },

    async gatewaysByIds(scope: Scope, ids: number[], tx: Executor = db): Promise<OtaGatewayRecord[]> {
      if (ids.length === 0) return [];
      const rows = await gatewaysWithSim(scope, tx)
        .where(and(inArray(otaGateways.id, ids), gatewayVisible(scope)))
        .orderBy(otaGateways.id);
      return rows.map(flat);
    },

    /** Of these IMEIs, the ones registered on the platform (any tenant). */
    async takenImeis(imeis: string[], tx: Executor = db): Promise<Set<string>> {
      const taken = new Set<string>();
      for (let i = 0; i < imeis.length; i += CHUNK) {
        const rows = await tx
          .select({ imei: otaGateways.imei })
          .from(otaGateways)
          .where(inArray(otaGateways.imei, imeis.slice(i, i + CHUNK)));
        for (const r of rows) taken.add(r.imei);
      }
      return taken;
    },

    /** Inserts all rows or none; undefined when an IMEI was taken meanwhile (unique index). */
    async insertGateways(values: NewOtaGateway[], tx: Executor = db): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < values.length; i += CHUNK) {
        const rows = await tx
          .insert(otaGateways)
          .values(values.slice(i, i + CHUNK))
          .returning({ id: otaGateways.id });
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    async updateGateway(
      id: number,
      patch: Partial<Omit<NewOtaGateway, 'imei'>>,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(otaGateways)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(otaGateways.id, id));
    },

    async removeGateway(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(otaGateways).where(eq(otaGateways.id, id));
    },

    /** A project in the caller's data (as devices reference them). */
    async projectVisible(scope: Scope, id: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: deviceProjects.id })
        .from(deviceProjects)
        .where(and(eq(deviceProjects.id, id), ownerIdInScope(scope, deviceProjects.ownerUserId)));
      return row !== undefined;
    },

    /** A user the caller may hand data to: its data owner or an account below it, not a sub-account. */
    async assignableUser(scope: Scope, id: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), ownerPathInScope(scope), eq(users.isSubuser, false)));
      return row !== undefined;
    },

    // ------------------------------------------------------------ SIM cards

    /** `today` decides what `expiry` means: expired before it, or due within 30 days from it. */
    async listSims(
      scope: Scope,
      q: Omit<OtaSimListQuery, 'page' | 'limit'>,
      limit: number,
      offset: number,
      today: Date,
      tx: Executor = db,
    ): Promise<{ rows: OtaSimTableRow[]; total: number }> {
      const day = isoDate(today);
      const expiry =
        q.expiry === 'expired'
          ? lt(otaSims.expiresOn, day)
          : q.expiry === 'soon'
            ? and(
                gte(otaSims.expiresOn, day),
                lte(otaSims.expiresOn, isoDate(new Date(today.getTime() + 30 * DAY_MS))),
              )
            : undefined;
      const pattern = q.search ? containsPattern(q.search) : undefined;
      const where = and(
        simVisible(scope),
        pattern ? sql`(${otaSims.iccid} ILIKE ${pattern} OR ${otaSims.remark} ILIKE ${pattern})` : undefined,
        q.carrier !== undefined ? eq(otaSims.carrier, q.carrier) : undefined,
        q.status !== undefined ? eq(otaSims.status, q.status) : undefined,
        expiry,
      );
      const [total] = await tx.select({ n: count() }).from(otaSims).where(where);
      const rows = await tx
        .select()
        .from(otaSims)
        .where(where)
        .orderBy(desc(otaSims.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async findSim(scope: Scope, id: number, tx: Executor = db): Promise<OtaSimTableRow | undefined> {
      const [row] = await tx
        .select()
        .from(otaSims)
        .where(and(eq(otaSims.id, id), simVisible(scope)));
      return row;
    },

    /** IMEIs of the caller's gateways by ICCID. */
    async gatewayImeisByIccid(
      scope: Scope,
      iccids: string[],
      tx: Executor = db,
    ): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (iccids.length === 0) return out;
      const rows = await tx
        .select({ iccid: otaGateways.iccid, imei: otaGateways.imei })
        .from(otaGateways)
        .where(and(inArray(otaGateways.iccid, iccids), gatewayVisible(scope)))
        .orderBy(otaGateways.imei);
      for (const r of rows) {
        if (r.iccid === null) continue;
        out.set(r.iccid, [...(out.get(r.iccid) ?? []), r.imei]);
      }
      return out;
    },

    /** Of these ICCIDs, the ones registered on the platform (any tenant). */
    async takenIccids(iccids: string[], tx: Executor = db): Promise<Set<string>> {
      const taken = new Set<string>();
      for (let i = 0; i < iccids.length; i += CHUNK) {
        const rows = await tx
          .select({ iccid: otaSims.iccid })
          .from(otaSims)
          .where(inArray(otaSims.iccid, iccids.slice(i, i + CHUNK)));
        for (const r of rows) taken.add(r.iccid);
      }
      return taken;
    },

    async insertSims(values: NewOtaSim[], tx: Executor = db): Promise<OtaSimTableRow[]> {
      const out: OtaSimTableRow[] = [];
      for (let i = 0; i < values.length; i += CHUNK)
        out.push(
          ...(await tx
            .insert(otaSims)
            .values(values.slice(i, i + CHUNK))
            .returning()),
        );
      return out;
    },

    async updateSim(
      id: number,
      patch: Partial<Omit<NewOtaSim, 'iccid'>>,
      tx: Executor = db,
    ): Promise<OtaSimTableRow | undefined> {
      const [row] = await tx
        .update(otaSims)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(otaSims.id, id))
        .returning();
      return row;
    },

    async removeSim(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(otaSims).where(eq(otaSims.id, id));
    },
  };
}

export type OtaRegistryRepository = ReturnType<typeof createOtaRegistryRepository>;
