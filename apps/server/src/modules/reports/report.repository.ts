import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { rollupState } from '../../pipeline/rollup/rollup-state.service.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { deviceVisible, ownerPathInScope } from '../../platform/tenancy/scope.js';
import { dataPoints, devices } from '../devices/devices.table.js';
import { deviceGroups } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';

/** One reported point of a device, in report order (device title, point sort). */
export interface ReportPointRecord {
  deviceId: number;
  deviceTitle: string;
  pointId: number;
  name: string;
  title: string;
  unit: string;
}

/** Statistics of one point over one period (index into the boundaries given). */
export interface PeriodStats {
  pointId: number;
  /** 0-based index of the period. */
  period: number;
  count: number;
  min: number;
  max: number;
  avg: number;
  first: number;
  last: number;
  difference: number;
}

async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const time = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const QUARTER_MS = 15 * 60_000;

/** Points that have numeric history: stored (storage_mode != 0) and not of a string type. */
const reportable = and(ne(dataPoints.storageMode, 0), ne(dataPoints.dataType, 'string'));

/** SQL of the data reports (docs/api-datacenter.md "Data report V2"); visibility through deviceVisible (platform/tenancy/scope.ts). */
export function createReportRepository(db: Executor) {
  return {
    /** The group when the caller sees it (owned in its data subtree). */
    async visibleGroup(scope: Scope, groupId: number): Promise<{ id: number; name: string } | null> {
      const [row] = await db
        .select({ id: deviceGroups.id, name: deviceGroups.name })
        .from(deviceGroups)
        .innerJoin(users, eq(users.id, deviceGroups.ownerUserId))
        .where(and(eq(deviceGroups.id, groupId), ownerPathInScope(scope)));
      return row ?? null;
    },

    async visibleDevice(scope: Scope, deviceId: number): Promise<{ id: number; title: string } | null> {
      const [row] = await db
        .select({ id: devices.id, title: devices.title })
        .from(devices)
        .where(and(eq(devices.id, deviceId), deviceVisible(db, scope)));
      return row ?? null;
    },

    /** Ids of the visible devices of the group. */
    async groupDeviceIds(scope: Scope, groupId: number): Promise<number[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.groupId, groupId), deviceVisible(db, scope)));
      return rows.map((r) => r.id);
    },

    /** Reportable points of the devices, optionally only those named, in report order. */
    async points(deviceIds: readonly number[], names?: readonly string[]): Promise<ReportPointRecord[]> {
      if (deviceIds.length === 0) return [];
      const conditions: SQL[] = [inArray(dataPoints.deviceId, [...deviceIds]), reportable!];
      if (names) conditions.push(inArray(dataPoints.name, [...names]));
      return db
        .select({
          deviceId: devices.id,
          deviceTitle: devices.title,
          pointId: dataPoints.id,
          name: dataPoints.name,
          title: dataPoints.title,
          unit: dataPoints.unit,
        })
        .from(dataPoints)
        .innerJoin(devices, eq(devices.id, dataPoints.deviceId))
        .where(and(...conditions))
        .orderBy(asc(devices.title), asc(devices.id), asc(dataPoints.sort), asc(dataPoints.id));
    },

    /**
     * Start of the raw tail: 15-minute buckets before it are read from point_rollup_15m, readings from
     * it on from point_history. Rounded down to a bucket so a bucket is never read half from each.
     */
    async rollupWatermark(): Promise<Date> {
      const ms = (await rollupState.doneUntil(db))['15m'] ?? 0;
      return new Date(Math.floor(ms / QUARTER_MS) * QUARTER_MS);
    },

    /**
     * Statistics per point and period. `bounds` are the period starts followed by the last period's
     * end (contiguous periods). Whole rollup buckets and raw readings become "segments"; the counter
     * difference adds each segment's own increase and the reset-aware step from the previous segment's
     * last reading, which for a period's first segment is the last reading before it (also before
     * bounds[0]: one seed row per point, from raw history or the rollups).
     */
    async stats(
      pointIds: readonly number[],
      bounds: readonly Date[],
      watermark: Date,
    ): Promise<PeriodStats[]> {
      if (pointIds.length === 0 || bounds.length < 2) return [];
      const from = bounds[0]!;
      const to = bounds[bounds.length - 1]!;
      const edges = sql`${sql.param(bounds.map((b) => b.toISOString()))}::timestamptz[]`;
      const rows = await rowsOf<{
        point_id: number;
        k: number;
        n: number;
        min: number;
        max: number;
        avg: number;
        first: number;
        last: number;
        difference: number;
      }>(
        db,
        sql`with seg as (
              select point_id, first_ts, first, last_ts, last, n, sum, min, max, increase
                from point_rollup_15m
               where point_id = any(${ids(pointIds)}) and bucket >= ${time(from)}
                 and bucket < least(${time(to)}, ${time(watermark)})
              union all
              select point_id, ts, value, ts, value, 1, value, value, value, 0::float8
                from point_history
               where point_id = any(${ids(pointIds)}) and ts >= greatest(${time(from)}, ${time(watermark)})
                 and ts < ${time(to)} and value is not null
              union all
              select s.* from unnest(${ids(pointIds)}) as p(id) cross join lateral (
                (select h.point_id, h.ts, h.value, h.ts, h.value, 0, 0::float8, h.value, h.value, 0::float8
                   from point_history h
                  where h.point_id = p.id and h.ts < ${time(from)} and h.value is not null
                  order by h.ts desc limit 1)
                union all
                (select r.point_id, r.last_ts, r.last, r.last_ts, r.last, 0, 0::float8, r.last, r.last, 0::float8
                   from point_rollup_15m r
                  where r.point_id = p.id and r.bucket < ${time(from)} and r.last_ts < ${time(from)}
                  order by r.bucket desc limit 1)
              ) s
            ),
            stepped as (
              select seg.*, lag(last) over (partition by point_id order by first_ts, n) as prev from seg
            )
            select point_id, width_bucket(first_ts, ${edges}) - 1 as k,
                   sum(n)::int as n, min(min) as min, max(max) as max, sum(sum) / sum(n) as avg,
                   (array_agg(first order by first_ts))[1] as first,
                   (array_agg(last order by last_ts desc))[1] as last,
                   sum(increase) + sum(case when prev is null then 0
                                            when first >= prev then first - prev else first end) as difference
              from stepped
             where n > 0 and first_ts >= ${time(from)}
             group by 1, 2`,
      );
      return rows.map((r) => ({
        pointId: Number(r.point_id),
        period: Number(r.k),
        count: Number(r.n),
        min: Number(r.min),
        max: Number(r.max),
        avg: Number(r.avg),
        first: Number(r.first),
        last: Number(r.last),
        difference: Number(r.difference),
      }));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
