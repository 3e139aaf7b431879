import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { pointRollup1m } from '../../pipeline/rollup.table.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { deviceVisible } from '../../platform/tenancy/scope.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { dataPoints, devices } from '../devices/devices.table.js';

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const total = sql<number>`count(*)`.mapWith(Number);
/** SPEC 4: types 0 and 3 record a recovery, not an alarm. */
const RECOVERY_TYPES = [0, 3];

export interface MapFilter {
  status: number | null;
  groupId?: number;
  projectId?: number;
  /** Only these devices (a custom screen's map widget); still only the visible ones. */
  deviceIds?: readonly number[];
}

/** Figures of the monitoring screens, always limited to the devices the caller may see (GET /device rule). */
export function createScreensRepository(db: Executor) {
  const visibleDeviceIds = (scope: Scope) =>
    db.select({ id: devices.id }).from(devices).where(deviceVisible(db, scope));

  /** SPEC 4 status filter of GET /device (1 normal, 0 offline, 2 alarm) plus group and project. */
  const mapFilter = (scope: Scope, f: MapFilter): SQL[] => {
    const where: SQL[] = [deviceVisible(db, scope)];
    if (f.status === 0) where.push(eq(devices.status, 0));
    if (f.status === 1) where.push(and(eq(devices.status, 1), eq(devices.alarmType, 0))!);
    if (f.status === 2) where.push(and(eq(devices.status, 1), ne(devices.alarmType, 0))!);
    if (f.groupId !== undefined) where.push(eq(devices.groupId, f.groupId));
    if (f.projectId !== undefined) where.push(eq(devices.projectId, f.projectId));
    if (f.deviceIds !== undefined) where.push(inArray(devices.id, [...f.deviceIds]));
    return where;
  };
  const located = and(isNotNull(devices.lat), isNotNull(devices.lng))!;

  return {
    async deviceCounts(scope: Scope) {
      const online = eq(devices.status, 1);
      const [row] = await db
        .select({
          total,
          online: counted(online),
          offline: counted(sql`${devices.status} <> 1`),
          alarm: counted(and(online, sql`${devices.alarmType} <> 0`)!),
          normal: counted(and(online, eq(devices.alarmType, 0))!),
        })
        .from(devices)
        .where(deviceVisible(db, scope));
      return row ?? { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 };
    },

    /** Alarms (not recoveries) raised since `since`, per hour (epoch ms of the hour start). */
    async alarmsPerHour(scope: Scope, since: Date): Promise<{ hour: number; alarms: number }[]> {
      return db
        .select({
          hour: sql<number>`(extract(epoch from date_trunc('hour', ${alarmLog.at})) * 1000)`.mapWith(Number),
          alarms: total,
        })
        .from(alarmLog)
        .where(
          and(
            gte(alarmLog.at, since),
            notInArray(alarmLog.alarmType, RECOVERY_TYPES),
            inArray(alarmLog.deviceId, visibleDeviceIds(scope)),
          ),
        )
        .groupBy(sql`1`);
    },

    /** The devices with the most alarms since `since`, most first. */
    async topAlarming(scope: Scope, since: Date, limit: number) {
      const alarms = sql<number>`count(${alarmLog.id})`.mapWith(Number);
      return db
        .select({ device_id: devices.id, device_title: devices.title, alarms })
        .from(alarmLog)
        .innerJoin(devices, eq(devices.id, alarmLog.deviceId))
        .where(
          and(
            gte(alarmLog.at, since),
            notInArray(alarmLog.alarmType, RECOVERY_TYPES),
            deviceVisible(db, scope),
          ),
        )
        .groupBy(devices.id, devices.title)
        .orderBy(desc(alarms), devices.id)
        .limit(limit);
    },

    /** Readings stored per minute since `since` (1-minute history rollups), minute as epoch ms. */
    async readingsPerMinute(scope: Scope, since: Date): Promise<{ minute: number; readings: number }[]> {
      const points = db
        .select({ id: dataPoints.id })
        .from(dataPoints)
        .where(inArray(dataPoints.deviceId, visibleDeviceIds(scope)));
      return db
        .select({
          minute: sql<number>`(extract(epoch from ${pointRollup1m.bucket}) * 1000)`.mapWith(Number),
          readings: sql<number>`coalesce(sum(${pointRollup1m.n}), 0)`.mapWith(Number),
        })
        .from(pointRollup1m)
        .where(and(gte(pointRollup1m.bucket, since), inArray(pointRollup1m.pointId, points)))
        .groupBy(pointRollup1m.bucket);
    },

    /** Located devices of the filter (newest first, at most `limit`), how many match, how many lack a place. */
    async mapDevices(scope: Scope, filter: MapFilter, limit: number) {
      const where = mapFilter(scope, filter);
      const rows = await db
        .select({
          id: devices.id,
          device_title: devices.title,
          lat: sql<number>`${devices.lat}`.mapWith(Number),
          lng: sql<number>`${devices.lng}`.mapWith(Number),
          status: devices.status,
          alarm_type: devices.alarmType,
        })
        .from(devices)
        .where(and(...where, located))
        .orderBy(desc(devices.id))
        .limit(limit);
      const [counts] = await db
        .select({
          located: counted(located),
          unplaced: counted(or(isNull(devices.lat), isNull(devices.lng))!),
        })
        .from(devices)
        .where(and(...where));
      return { rows, total: counts?.located ?? 0, unplaced: counts?.unplaced ?? 0 };
    },
  };
}

export type ScreensRepository = ReturnType<typeof createScreensRepository>;
