import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { ingestCounters } from '../../pipeline/pipeline.table.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { deviceVisible } from '../../platform/tenancy/scope.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { devices } from '../devices/devices.table.js';

/** One group of the alarms of a day: how many rows of that type and level, and how many unhandled. */
export interface AlarmDayGroup {
  day: string;
  alarmType: number;
  level: number;
  total: number;
  unhandled: number;
}

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Figures of the platform overview, always limited to the devices the caller may see (GET /device rule). */
export function createOverviewRepository(db: Executor) {
  /** Ids of the visible devices, as a subquery the counting queries filter on. */
  const visibleDeviceIds = (scope: Scope) =>
    db.select({ id: devices.id }).from(devices).where(deviceVisible(db, scope));

  return {
    /** Device counts by status (SPEC 4 filter: offline 0; online normal alarm_type 0; alarm otherwise). */
    async deviceCounts(scope: Scope) {
      const online = eq(devices.status, 1);
      const [row] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          online: counted(online),
          offline: counted(sql`${devices.status} <> 1`),
          alarm: counted(and(online, sql`${devices.alarmType} <> 0`)!),
          normal: counted(and(online, eq(devices.alarmType, 0))!),
        })
        .from(devices)
        .where(deviceVisible(db, scope));
      return row ?? { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 };
    },

    /**
     * Alarm rows since local midnight of `firstDay` in `timeZone`, grouped by local day, type and level.
     * At most days x types x levels rows, whatever the alarm volume; the service sums them up.
     */
    async alarmDayGroups(scope: Scope, timeZone: string, firstDay: string): Promise<AlarmDayGroup[]> {
      const since = sql`(${firstDay}::timestamp at time zone ${timeZone})`;
      const rows = await db
        .select({
          day: sql<string>`to_char(${alarmLog.at} at time zone ${timeZone}, 'YYYY-MM-DD')`,
          alarmType: alarmLog.alarmType,
          level: alarmLog.level,
          total: sql<number>`count(*)`.mapWith(Number),
          unhandled: counted(eq(alarmLog.status, 0)),
        })
        .from(alarmLog)
        .where(and(gte(alarmLog.at, since), inArray(alarmLog.deviceId, visibleDeviceIds(scope))))
        // Positional: the zone is a bound parameter, so the select expression cannot be repeated here.
        .groupBy(sql`1`, sql`2`, sql`3`);
      return rows;
    },

    /** Readings stored per day since `firstDay`; ingest_counters days are UTC days. */
    async readingsByDay(scope: Scope, firstDay: string): Promise<{ day: string; readings: number }[]> {
      return db
        .select({
          day: ingestCounters.day,
          readings: sql<number>`coalesce(sum(${ingestCounters.readings}), 0)`.mapWith(Number),
        })
        .from(ingestCounters)
        .where(
          and(gte(ingestCounters.day, firstDay), inArray(ingestCounters.deviceId, visibleDeviceIds(scope))),
        )
        .groupBy(ingestCounters.day);
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
