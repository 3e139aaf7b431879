import { and, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { ownerIdInScope } from '../../../platform/tenancy/scope.js';
import { alarmLog } from '../../alarms/alarms.table.js';
import { devices } from '../../devices/devices.table.js';
import { users } from '../../users/users.table.js';
import { ledgerAssets } from '../assets/assets.table.js';
import { workOrders } from '../work-orders.table.js';

export interface FailureRecord {
  deviceId: number | null;
  deviceTitle: string | null;
  assetId: number | null;
  /** The asset's code and name. */
  assetTitle: string | null;
  status: number;
  /** The alarm's time when raised from an alarm, else the order's creation. */
  startedAt: Date;
  closedAt: Date | null;
}
export interface ClosedRecord {
  assigneeId: number;
  name: string;
  createdAt: Date;
  closedAt: Date;
}

/** Reads for the maintenance figures, inside the caller's tenant (the one scope rule). */
export function createStatsRepository(db: Executor) {
  const mine = (scope: Scope) => ownerIdInScope(scope, workOrders.ownerUserId);
  const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  const assetTitle = sql<string | null>`${ledgerAssets.code} || ' ' || ${ledgerAssets.name}`;
  return {
    /** Repair orders (type 1) of a device or a ledger asset whose failure started in [from, to]. */
    async failures(scope: Scope, from: Date, to: Date, deviceId?: number): Promise<FailureRecord[]> {
      const started = sql<Date>`coalesce(${alarmLog.at}, ${workOrders.createdAt})`;
      const rows = await db
        .select({
          deviceId: workOrders.deviceId,
          deviceTitle: devices.title,
          assetId: workOrders.assetId,
          assetTitle: assetTitle,
          status: workOrders.status,
          startedAt: started,
          closedAt: workOrders.closedAt,
        })
        .from(workOrders)
        .leftJoin(devices, eq(devices.id, workOrders.deviceId))
        .leftJoin(ledgerAssets, eq(ledgerAssets.id, workOrders.assetId))
        .leftJoin(alarmLog, eq(alarmLog.id, workOrders.alarmId))
        .where(
          and(
            mine(scope),
            eq(workOrders.type, 1),
            or(isNotNull(workOrders.deviceId), isNotNull(workOrders.assetId)),
            deviceId !== undefined ? eq(workOrders.deviceId, deviceId) : undefined,
            sql`${started} >= ${from.toISOString()}::timestamptz`,
            sql`${started} <= ${to.toISOString()}::timestamptz`,
          ),
        );
      return rows.map((r) => ({
        deviceId: r.deviceId,
        deviceTitle: r.deviceTitle,
        assetId: r.assetId,
        assetTitle: r.assetTitle,
        status: r.status,
        startedAt: toDate(r.startedAt),
        closedAt: r.closedAt,
      }));
    },

    /** Orders closed in [from, to] with their assignee. */
    async closed(scope: Scope, from: Date, to: Date, deviceId?: number): Promise<ClosedRecord[]> {
      const rows = await db
        .select({
          assigneeId: workOrders.assigneeId,
          name: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.username})`,
          createdAt: workOrders.createdAt,
          closedAt: workOrders.closedAt,
        })
        .from(workOrders)
        .innerJoin(users, eq(users.id, workOrders.assigneeId))
        .where(
          and(
            mine(scope),
            eq(workOrders.status, 3),
            deviceId !== undefined ? eq(workOrders.deviceId, deviceId) : undefined,
            gte(workOrders.closedAt, from),
            lte(workOrders.closedAt, to),
          ),
        );
      return rows.map((r) => ({
        assigneeId: r.assigneeId!,
        name: r.name,
        createdAt: r.createdAt,
        closedAt: r.closedAt!,
      }));
    },

    /** Open orders past due, with their device and assignee. */
    async overdue(scope: Scope, now: Date, deviceId?: number) {
      return db
        .select({
          deviceId: workOrders.deviceId,
          deviceTitle: devices.title,
          assetId: workOrders.assetId,
          assetTitle: assetTitle,
          assigneeId: workOrders.assigneeId,
          name: sql<string | null>`coalesce(nullif(${users.nickName}, ''), ${users.username})`,
        })
        .from(workOrders)
        .leftJoin(devices, eq(devices.id, workOrders.deviceId))
        .leftJoin(ledgerAssets, eq(ledgerAssets.id, workOrders.assetId))
        .leftJoin(users, eq(users.id, workOrders.assigneeId))
        .where(
          and(
            mine(scope),
            inArray(workOrders.status, [0, 1, 2]),
            lte(workOrders.dueAt, now),
            deviceId !== undefined ? eq(workOrders.deviceId, deviceId) : undefined,
          ),
        );
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
