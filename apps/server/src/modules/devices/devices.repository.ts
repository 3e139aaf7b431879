import type { DeviceListQuery } from '@fleet/contracts';
import { and, asc, count, desc, eq, inArray, like, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceVisible, managedUsers, ownerPathInScope } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { dataPoints, deviceGrants, devices, slaveDevices } from './devices.table.js';

export type DeviceTableRow = typeof devices.$inferSelect;
export type NewDevice = Omit<typeof devices.$inferInsert, 'id' | 'createdAt'>;
export type DevicePatch = Partial<Omit<NewDevice, 'imei' | 'ownerUserId'>>;
export interface DeviceRecord extends DeviceTableRow {
  ownerUsername: string;
  /** The owner is the caller's data owner or below it (false: seen through an assignment). */
  owned: boolean;
  binderTitle: string | null;
  /** Names of the group / project / company the caller can see (null otherwise). */
  groupName: string | null;
  projectName: string | null;
  companyName: string | null;
}

const ownedBy = (scope: Scope) => ownerPathInScope(scope);

function recordColumns(scope: Scope) {
  return {
    device: devices,
    ownerUsername: users.username,
    owned: sql<boolean>`(${ownerPathInScope(scope)})`,
    binderTitle: sql<
      string | null
    >`(SELECT g.binder_title FROM device_grants g WHERE g.device_id = "devices"."id"
      AND g.user_id IN (${scope.userId}, ${scope.dataOwnerId}) ORDER BY g.binder_title NULLS LAST LIMIT 1)`,
    groupName: directoryName(scope, 'device_groups', 'group_id'),
    projectName: directoryName(scope, 'device_projects', 'project_id'),
    companyName: directoryName(scope, 'companies', 'company_id'),
  };
}

/** Name of the group / project / company a device names, when that row is visible to the caller. */
function directoryName(scope: Scope, table: string, column: string) {
  return sql<string | null>`(SELECT x.name FROM ${sql.identifier(table)} x
    JOIN users xo ON xo.id = x.owner_user_id
    WHERE x.id = "devices".${sql.identifier(column)} AND ${ownerPathInScope(scope, sql`xo.path`)})`;
}

const SORTS = {
  id: devices.id,
  device_title: devices.title,
  device_imei: devices.imei,
  created_at: devices.createdAt,
  status: devices.status,
} as const;

export function createDevicesRepository(db: Executor) {
  /** Devices the scope may see: owned in its data subtree, or assigned to it. */
  const visible = (scope: Scope, tx: Executor): SQL => deviceVisible(tx, scope);

  const toRecord = (r: {
    device: DeviceTableRow;
    ownerUsername: string;
    owned: boolean;
    binderTitle: string | null;
    groupName: string | null;
    projectName: string | null;
    companyName: string | null;
  }): DeviceRecord => ({
    ...r.device,
    ownerUsername: r.ownerUsername,
    owned: r.owned,
    binderTitle: r.binderTitle,
    groupName: r.groupName,
    projectName: r.projectName,
    companyName: r.companyName,
  });

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(scope: Scope, q: DeviceListQuery, limit: number, offset: number, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visible(scope, tx)];
      if (q.status === 0) filters.push(eq(devices.status, 0));
      if (q.status === 1) filters.push(and(eq(devices.status, 1), eq(devices.alarmType, 0)));
      if (q.status === 2) filters.push(and(eq(devices.status, 1), ne(devices.alarmType, 0)));
      if (q.search) {
        const p = containsPattern(q.search);
        filters.push(or(sql`${devices.title} ILIKE ${p}`, like(devices.imei, p)));
      }
      if (q.project_id) filters.push(eq(devices.projectId, q.project_id));
      if (q.group_id) filters.push(eq(devices.groupId, q.group_id));
      if (q.company_id) filters.push(eq(devices.companyId, q.company_id));
      if (q.model_id) filters.push(eq(devices.modelId, q.model_id));
      if (q.protocol !== undefined) filters.push(eq(devices.protocol, q.protocol));
      const where = and(...filters);
      const sortCol = SORTS[q.sort ?? 'id'];
      const [total] = await tx
        .select({ n: count() })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(where);
      const rows = await tx
        .select(recordColumns(scope))
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(where)
        .orderBy(q.order === 'asc' ? asc(sortCol) : desc(sortCol), desc(devices.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map(toRecord), total: total?.n ?? 0 };
    },

    async findVisible(scope: Scope, id: number, tx: Executor = db): Promise<DeviceRecord | undefined> {
      const [row] = await tx
        .select(recordColumns(scope))
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(eq(devices.id, id), visible(scope, tx)));
      return row ? toRecord(row) : undefined;
    },

    /** The devices among `ids` the scope sees, in one query (a screen's widgets name up to 50). */
    async findVisibleMany(scope: Scope, ids: readonly number[], tx: Executor = db): Promise<DeviceRecord[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select(recordColumns(scope))
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(inArray(devices.id, [...ids]), visible(scope, tx)));
      return rows.map(toRecord);
    },

    /** Ids among `ids` the scope owns (in its data subtree). */
    async ownedIds(scope: Scope, ids: number[], tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(inArray(devices.id, ids), ownedBy(scope)));
      return rows.map((r) => r.id);
    },

    /** Ids among `ids` the scope may see. */
    /** Every device the scope may see (the live channel's fan-out set). */
    async allVisibleIds(scope: Scope, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(visible(scope, tx));
      return rows.map((r) => r.id);
    },

    async visibleIds(scope: Scope, ids: number[], tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(inArray(devices.id, ids), visible(scope, tx)));
      return rows.map((r) => r.id);
    },

    async existingImeis(imeis: string[], tx: Executor = db): Promise<Set<string>> {
      if (imeis.length === 0) return new Set();
      const found = new Set<string>();
      for (let i = 0; i < imeis.length; i += 1000) {
        const rows = await tx
          .select({ imei: devices.imei })
          .from(devices)
          .where(inArray(devices.imei, imeis.slice(i, i + 1000)));
        for (const r of rows) found.add(r.imei);
      }
      return found;
    },

    async findBySharecode(code: string, tx: Executor = db): Promise<DeviceTableRow | undefined> {
      const [row] = await tx.select().from(devices).where(eq(devices.sharecode, code));
      return row;
    },

    async insertMany(values: NewDevice[], tx: Executor = db): Promise<DeviceTableRow[]> {
      const out: DeviceTableRow[] = [];
      for (let i = 0; i < values.length; i += 500) {
        out.push(
          ...(await tx
            .insert(devices)
            .values(values.slice(i, i + 500))
            .returning()),
        );
      }
      return out;
    },

    async update(id: number, patch: DevicePatch, tx: Executor = db): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await tx.update(devices).set(patch).where(eq(devices.id, id));
    },

    async setOwner(id: number, ownerUserId: number, tx: Executor = db): Promise<void> {
      await tx.update(devices).set({ ownerUserId }).where(eq(devices.id, id));
    },

    async updateMany(ids: number[], patch: DevicePatch, tx: Executor = db): Promise<number> {
      if (Object.keys(patch).length === 0 || ids.length === 0) return 0;
      const rows = await tx
        .update(devices)
        .set(patch)
        .where(inArray(devices.id, ids))
        .returning({ id: devices.id });
      return rows.length;
    },

    async imeisOf(ids: number[], tx: Executor = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx.select({ imei: devices.imei }).from(devices).where(inArray(devices.id, ids));
      return rows.map((row) => row.imei);
    },

    async deleteMany(ids: number[], tx: Executor = db): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await tx.delete(devices).where(inArray(devices.id, ids)).returning({ id: devices.id });
      return rows.length;
    },

    async count(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(devices);
      return row?.n ?? 0;
    },

    /** Of `ids`, the devices whose service expired before `cutoff` (their data is locked). */
    async expiredBefore(ids: readonly number[], cutoff: Date, tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, [...ids]), lt(devices.expireAt, cutoff)));
      return rows.map((r) => r.id);
    },

    async counts(deviceId: number, tx: Executor = db) {
      const [s] = await tx
        .select({ n: count() })
        .from(slaveDevices)
        .where(eq(slaveDevices.deviceId, deviceId));
      const [p] = await tx.select({ n: count() }).from(dataPoints).where(eq(dataPoints.deviceId, deviceId));
      return { slaves: s?.n ?? 0, points: p?.n ?? 0 };
    },

    // ---- assignments

    async grant(deviceId: number, userId: number, binderTitle: string | null, tx: Executor = db) {
      await tx
        .insert(deviceGrants)
        .values({ deviceId, userId, binderTitle })
        .onConflictDoUpdate({ target: [deviceGrants.deviceId, deviceGrants.userId], set: { binderTitle } });
    },

    async revoke(deviceId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(deviceGrants)
        .where(and(eq(deviceGrants.deviceId, deviceId), eq(deviceGrants.userId, userId)))
        .returning({ id: deviceGrants.userId });
      return rows.length > 0;
    },

    async revokeAll(deviceId: number, tx: Executor = db) {
      await tx.delete(deviceGrants).where(eq(deviceGrants.deviceId, deviceId));
    },

    async grantees(deviceId: number, tx: Executor = db) {
      return tx
        .select(userColumns)
        .from(deviceGrants)
        .innerJoin(users, eq(users.id, deviceGrants.userId))
        .where(eq(deviceGrants.deviceId, deviceId))
        .orderBy(asc(users.id));
    },

    async userById(id: number, tx: Executor = db) {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** Users the caller manages (customers and sub-accounts below its data owner), at most `max`. */
    async usersBelow(scope: Scope, max: number, tx: Executor = db) {
      return tx
        .select(userColumns)
        .from(users)
        .where(managedUsers(scope))
        .orderBy(asc(users.path))
        .limit(max);
    },
  };
}

const userColumns = {
  userId: users.id,
  username: users.username,
  nickName: users.nickName,
  userType: users.userType,
  isSubuser: users.isSubuser,
  path: users.path,
};

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
