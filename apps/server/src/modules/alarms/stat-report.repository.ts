import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  like,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { deviceVisible } from '../../platform/tenancy/scope.js';
import { deviceOnofflineLog } from '../connectivity/connectivity.table.js';
import { devices } from '../devices/devices.table.js';
import { alarmLog } from './alarms.table.js';

/** SPEC 4 codes 0 and 3 ("alarm recovered") mark recovery rows, which the report does not count as alarms. */
const RECOVERY_TYPES = [0, 3];

export interface StatFilter {
  from: Date;
  to: Date;
  deviceId?: number;
  groupId?: number;
  search?: string;
}

export interface StatDevice {
  id: number;
  title: string;
  imei: string;
  alarms: number;
}

export function createStatReportRepository(db: Executor) {
  const raised = notInArray(alarmLog.alarmType, RECOVERY_TYPES);
  const alarmsIn = (f: { from: Date; to: Date }) => and(gte(alarmLog.at, f.from), lte(alarmLog.at, f.to));
  const presenceIn = (f: { from: Date; to: Date }) =>
    and(gte(deviceOnofflineLog.at, f.from), lte(deviceOnofflineLog.at, f.to));

  function deviceConditions(scope: Scope, f: StatFilter): SQL {
    const conditions: SQL[] = [deviceVisible(db, scope)];
    if (f.deviceId !== undefined) conditions.push(eq(devices.id, f.deviceId));
    if (f.groupId !== undefined) conditions.push(eq(devices.groupId, f.groupId));
    if (f.search) {
      const pattern = containsPattern(f.search);
      conditions.push(or(ilike(devices.title, pattern), like(devices.imei, pattern))!);
    }
    return and(...conditions)!;
  }

  return {
    /**
     * Devices of the filter with any alarm row or online/offline event in the period, most alarms
     * first. The aggregates only read the log rows of those devices.
     */
    async devices(scope: Scope, f: StatFilter, page?: { limit: number; offset: number }) {
      const scoped = db.select({ id: devices.id }).from(devices).where(deviceConditions(scope, f));
      const alarmCounts = db
        .select({
          deviceId: alarmLog.deviceId,
          alarms: sql<number>`count(*) filter (where ${raised})`.as('alarms'),
        })
        .from(alarmLog)
        .where(and(inArray(alarmLog.deviceId, scoped), alarmsIn(f)))
        .groupBy(alarmLog.deviceId)
        .as('alarm_counts');
      const presence = db
        .selectDistinct({ deviceId: deviceOnofflineLog.deviceId })
        .from(deviceOnofflineLog)
        .where(and(inArray(deviceOnofflineLog.deviceId, scoped), presenceIn(f)))
        .as('presence_devices');
      const where = and(
        deviceConditions(scope, f),
        or(isNotNull(alarmCounts.deviceId), isNotNull(presence.deviceId)),
      );
      const alarms = sql<number>`coalesce(${alarmCounts.alarms}, 0)`.mapWith(Number);
      const rowsQuery = db
        .select({ id: devices.id, title: devices.title, imei: devices.imei, alarms })
        .from(devices)
        .leftJoin(alarmCounts, eq(alarmCounts.deviceId, devices.id))
        .leftJoin(presence, eq(presence.deviceId, devices.id))
        .where(where)
        .orderBy(desc(alarms), asc(devices.id))
        .$dynamic();
      if (!page) {
        const rows: StatDevice[] = await rowsQuery;
        return { rows, total: rows.length };
      }
      const [rows, [total]] = await Promise.all([
        rowsQuery.limit(page.limit).offset(page.offset),
        db
          .select({ total: count() })
          .from(devices)
          .leftJoin(alarmCounts, eq(alarmCounts.deviceId, devices.id))
          .leftJoin(presence, eq(presence.deviceId, devices.id))
          .where(where),
      ]);
      return { rows: rows as StatDevice[], total: total?.total ?? 0 };
    },

    /** Raised alarms of the devices in the period, counted per device, type and level. */
    async alarmBreakdown(ids: number[], f: { from: Date; to: Date }) {
      return db
        .select({
          deviceId: alarmLog.deviceId,
          alarmType: alarmLog.alarmType,
          level: alarmLog.level,
          alarms: count(),
          unhandled: sql<number>`count(*) filter (where ${alarmLog.status} = 0)`.mapWith(Number),
          recovered: sql<number>`count(*) filter (where ${isNotNull(alarmLog.recoveredAt)})`.mapWith(Number),
        })
        .from(alarmLog)
        .where(and(inArray(alarmLog.deviceId, ids), raised, alarmsIn(f)))
        .groupBy(alarmLog.deviceId, alarmLog.alarmType, alarmLog.level);
    },

    /** Online (1) and offline (0) events of the devices in the period. */
    async presenceCounts(ids: number[], f: { from: Date; to: Date }) {
      return db
        .select({ deviceId: deviceOnofflineLog.deviceId, status: deviceOnofflineLog.status, events: count() })
        .from(deviceOnofflineLog)
        .where(and(inArray(deviceOnofflineLog.deviceId, ids), presenceIn(f)))
        .groupBy(deviceOnofflineLog.deviceId, deviceOnofflineLog.status);
    },

    /** The last transition of each device before `from`: the state the period starts in. */
    async transitionsBefore(ids: number[], from: Date) {
      return db
        .selectDistinctOn([deviceOnofflineLog.deviceId], {
          deviceId: deviceOnofflineLog.deviceId,
          status: deviceOnofflineLog.status,
          at: deviceOnofflineLog.at,
        })
        .from(deviceOnofflineLog)
        .where(and(inArray(deviceOnofflineLog.deviceId, ids), lt(deviceOnofflineLog.at, from)))
        .orderBy(deviceOnofflineLog.deviceId, desc(deviceOnofflineLog.at), desc(deviceOnofflineLog.id));
    },

    /** Transitions of the devices in [from, end], oldest first. */
    async transitionsIn(ids: number[], f: { from: Date; to: Date }) {
      return db
        .select({
          deviceId: deviceOnofflineLog.deviceId,
          status: deviceOnofflineLog.status,
          at: deviceOnofflineLog.at,
        })
        .from(deviceOnofflineLog)
        .where(and(inArray(deviceOnofflineLog.deviceId, ids), presenceIn(f)))
        .orderBy(deviceOnofflineLog.deviceId, asc(deviceOnofflineLog.at), asc(deviceOnofflineLog.id));
    },
  };
}

export type StatReportRepository = ReturnType<typeof createStatReportRepository>;
