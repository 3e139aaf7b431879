import type { OnofflineLogQuery } from '@fleet/contracts';
import { and, count, desc, eq, gte, ilike, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceVisible, ownerPathInScope } from '../../platform/tenancy/scope.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { deviceOnofflineLog, deviceSignal } from './connectivity.table.js';

export interface OnofflineRecord {
  id: number;
  deviceId: number;
  deviceTitle: string;
  deviceImei: string;
  status: number;
  via: string;
  reason: string;
  remoteAddress: string;
  at: Date;
}

/** The filters of `GET /device/onofflinelog` (paging aside). */
export type LogFilter = Partial<
  Pick<OnofflineLogQuery, 'device_id' | 'status' | 'starttime' | 'endtime' | 'search'>
>;

export interface VisibleDevice {
  id: number;
  csq: number | null;
  /** The owner is in the caller's data subtree (false: seen through an assignment). */
  owned: boolean;
}

/** Longest signal history answered at once (one row per minute at most: ~3.5 days). */
const MAX_SIGNAL_ROWS = 5000;

export function createConnectivityRepository(db: Executor) {
  const visible = (scope: Scope): SQL => deviceVisible(db, scope);

  /** Filters of the log (docs/api-pipeline.md), always within the caller's devices. */
  function logWhere(scope: Scope, query: LogFilter): SQL | undefined {
    const conditions: SQL[] = [visible(scope)];
    if (query.device_id !== undefined) conditions.push(eq(deviceOnofflineLog.deviceId, query.device_id));
    if (query.status !== undefined) conditions.push(eq(deviceOnofflineLog.status, query.status));
    if (query.starttime) conditions.push(gte(deviceOnofflineLog.at, query.starttime));
    if (query.endtime) conditions.push(lte(deviceOnofflineLog.at, query.endtime));
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(or(ilike(devices.title, pattern), like(devices.imei, pattern))!);
    }
    return and(...conditions);
  }

  /** Log rows of the filter, newest first. */
  function logRows(scope: Scope, query: LogFilter, limit: number, offset = 0): Promise<OnofflineRecord[]> {
    return db
      .select({
        id: deviceOnofflineLog.id,
        deviceId: deviceOnofflineLog.deviceId,
        deviceTitle: devices.title,
        deviceImei: devices.imei,
        status: deviceOnofflineLog.status,
        via: deviceOnofflineLog.via,
        reason: deviceOnofflineLog.reason,
        remoteAddress: deviceOnofflineLog.remoteAddress,
        at: deviceOnofflineLog.at,
      })
      .from(deviceOnofflineLog)
      .innerJoin(devices, eq(devices.id, deviceOnofflineLog.deviceId))
      .where(logWhere(scope, query))
      .orderBy(desc(deviceOnofflineLog.at), desc(deviceOnofflineLog.id))
      .limit(limit)
      .offset(offset);
  }

  return {
    logRows,

    async listLog(scope: Scope, query: LogFilter, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        logRows(scope, query, limit, offset),
        db
          .select({ total: count() })
          .from(deviceOnofflineLog)
          .innerJoin(devices, eq(devices.id, deviceOnofflineLog.deviceId))
          .where(logWhere(scope, query)),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The device of a log row, when the caller sees that device. */
    async visibleDeviceOfLog(scope: Scope, logId: number): Promise<VisibleDevice | null> {
      const [row] = await db
        .select({
          id: devices.id,
          csq: devices.csq,
          owned: sql<boolean>`(${ownerPathInScope(scope)})`,
        })
        .from(deviceOnofflineLog)
        .innerJoin(devices, eq(devices.id, deviceOnofflineLog.deviceId))
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(eq(deviceOnofflineLog.id, logId), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    async visibleDevice(scope: Scope, deviceId: number): Promise<VisibleDevice | null> {
      const [row] = await db
        .select({
          id: devices.id,
          csq: devices.csq,
          owned: sql<boolean>`(${ownerPathInScope(scope)})`,
        })
        .from(devices)
        .innerJoin(users, eq(users.id, devices.ownerUserId))
        .where(and(eq(devices.id, deviceId), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    async deleteLog(logId: number): Promise<boolean> {
      const deleted = await db
        .delete(deviceOnofflineLog)
        .where(eq(deviceOnofflineLog.id, logId))
        .returning({ id: deviceOnofflineLog.id });
      return deleted.length > 0;
    },

    async latestSignal(deviceId: number): Promise<{ csq: number; at: Date } | null> {
      const [row] = await db
        .select({ csq: deviceSignal.csq, at: deviceSignal.at })
        .from(deviceSignal)
        .where(eq(deviceSignal.deviceId, deviceId))
        .orderBy(desc(deviceSignal.at), desc(deviceSignal.id))
        .limit(1);
      return row ?? null;
    },

    /** Signal rows in [from, to], oldest first; the newest MAX_SIGNAL_ROWS when there are more. */
    async signalHistory(deviceId: number, from: Date, to: Date) {
      const newest = await db
        .select({ csq: deviceSignal.csq, at: deviceSignal.at })
        .from(deviceSignal)
        .where(and(eq(deviceSignal.deviceId, deviceId), gte(deviceSignal.at, from), lte(deviceSignal.at, to)))
        .orderBy(desc(deviceSignal.at), desc(deviceSignal.id))
        .limit(MAX_SIGNAL_ROWS);
      return newest.reverse();
    },
  };
}

export type ConnectivityRepository = ReturnType<typeof createConnectivityRepository>;
