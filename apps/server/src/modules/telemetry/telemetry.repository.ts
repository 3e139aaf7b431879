import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { pointLatest } from '../../pipeline/pipeline.table.js';
import { ROLLUP_LEVELS, type RollupLevel } from '../../pipeline/rollup/rollup-levels.js';
import { rollupState } from '../../pipeline/rollup/rollup-state.service.js';
import type { Executor } from '../../platform/db/client.js';
import { dataPoints, slaveDevices } from '../devices/devices.table.js';

export type TelemetryFunction = 'avg' | 'min' | 'max' | 'last';

/** Rows of SQL run through `execute` (both drivers answer { rows }). */
async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const time = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const epochMs = sql.raw('(extract(epoch from ts) * 1000)::float8');

export interface PointWithLatest {
  id: number;
  deviceId: number;
  name: string;
  title: string;
  slaveId: number | null;
  unit: string;
  decimals: number;
  access: string;
  type: number;
  dataType: string;
  storageMode: number;
  collectMode: number;
  value: number | null;
  text: string | null;
  at: Date | null;
}

export interface SeriesRow {
  point_id: number;
  /** Raw rows: epoch ms; aggregated rows: the bucket number. */
  key: number;
  value: number | null;
  text: string | null;
}

/** Reads of latest values and history (point_latest, point_history); callers check visibility. */
export function createTelemetryRepository(db: Executor) {
  return {
    /** How far each rollup level is complete (docs/api-datacenter.md "Rollups"). */
    rolledUntil: () => rollupState.doneUntil(db),
    /** Points of the devices, ordered like the points, with their latest value. */
    async pointsWithLatest(
      deviceIds: readonly number[],
      collect: 'all' | 'collected' | 'shown',
    ): Promise<PointWithLatest[]> {
      if (deviceIds.length === 0) return [];
      const where: SQL[] = [inArray(dataPoints.deviceId, [...deviceIds])];
      if (collect === 'collected') where.push(ne(dataPoints.collectMode, 0));
      if (collect === 'shown') where.push(eq(dataPoints.collectMode, 1));
      return db
        .select({
          id: dataPoints.id,
          deviceId: dataPoints.deviceId,
          name: dataPoints.name,
          title: dataPoints.title,
          slaveId: slaveDevices.slaveId,
          unit: dataPoints.unit,
          decimals: dataPoints.decimals,
          access: dataPoints.access,
          type: dataPoints.type,
          dataType: dataPoints.dataType,
          storageMode: dataPoints.storageMode,
          collectMode: dataPoints.collectMode,
          value: pointLatest.value,
          text: pointLatest.text,
          at: pointLatest.ts,
        })
        .from(dataPoints)
        .leftJoin(slaveDevices, eq(slaveDevices.id, dataPoints.slaveRef))
        .leftJoin(pointLatest, eq(pointLatest.pointId, dataPoints.id))
        .where(and(...where))
        .orderBy(asc(dataPoints.deviceId), asc(dataPoints.sort), asc(dataPoints.id));
    },

    async points(pointIds: readonly number[]) {
      if (pointIds.length === 0) return [];
      return db
        .select({
          id: dataPoints.id,
          deviceId: dataPoints.deviceId,
          name: dataPoints.name,
          title: dataPoints.title,
          unit: dataPoints.unit,
        })
        .from(dataPoints)
        .where(inArray(dataPoints.id, [...pointIds]));
    },

    /**
     * History rows per point. Numeric points count their 15-minute rollups before `rolledUntil` plus the raw
     * rows after it (a year of 1-second data is 35,000 rollup rows, not 31 million); text points, which are
     * not rolled up, count raw rows.
     */
    async storedCounts(
      points: readonly { id: number; text: boolean }[],
      rolledUntil: number | null,
    ): Promise<Map<number, number>> {
      if (points.length === 0) return new Map();
      const raw = points.filter((p) => p.text || rolledUntil === null).map((p) => p.id);
      const rolled = points.filter((p) => !p.text && rolledUntil !== null).map((p) => p.id);
      const rows: { point_id: number; n: number }[] = [];
      if (raw.length > 0) {
        rows.push(
          ...(await rowsOf<{ point_id: number; n: number }>(
            db,
            sql`select point_id, count(*)::int as n from point_history
                where point_id = any(${ids(raw)}) group by point_id`,
          )),
        );
      }
      if (rolled.length > 0) {
        const edge = time(new Date(rolledUntil!));
        rows.push(
          ...(await rowsOf<{ point_id: number; n: number }>(
            db,
            sql`select p.id as point_id,
                  coalesce((select sum(n) from point_rollup_15m r where r.point_id = p.id and r.bucket < ${edge}), 0)::int
                  + (select count(*) from point_history h where h.point_id = p.id and h.ts >= ${edge})::int as n
                from unnest(${ids(rolled)}) as p(id)`,
          )),
        );
      }
      return new Map(rows.map((r) => [r.point_id, Number(r.n)]));
    },

    /** One page of raw history; `after` is the last ts (ms) of the previous page. */
    async historyPage(q: {
      pointId: number;
      start: Date;
      end: Date;
      limit: number;
      order: 'asc' | 'desc';
      after: number | null;
    }) {
      const direction = sql.raw(q.order);
      const keyset =
        q.after === null
          ? sql``
          : q.order === 'asc'
            ? sql`and ts > ${time(new Date(q.after))}`
            : sql`and ts < ${time(new Date(q.after))}`;
      const rows = await rowsOf<{ ms: number; value: number | null; text: string | null }>(
        db,
        sql`select ${epochMs} as ms, value, text from point_history
            where point_id = ${q.pointId} and ts >= ${time(q.start)} and ts <= ${time(q.end)} ${keyset}
            order by ts ${direction} limit ${q.limit}`,
      );
      return rows.map((r) => ({ ms: Number(r.ms), value: r.text ?? r.value }));
    },

    /**
     * One page of raw rows of several points merged by time (ties by point). Each point contributes at most
     * offset + limit rows read from its (point_id, ts) index, so a page never sorts the whole range.
     */
    async rowsPage(q: {
      pointIds: readonly number[];
      start: Date;
      end: Date;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }) {
      const direction = sql.raw(q.order);
      const rows = await rowsOf<{ point_id: number; ms: number; value: number | null; text: string | null }>(
        db,
        sql`select p.id as point_id, ${epochMs} as ms, value, text
            from unnest(${ids(q.pointIds)}) as p(id)
            cross join lateral (select ts, value, text from point_history h
              where h.point_id = p.id and ts >= ${time(q.start)} and ts <= ${time(q.end)}
              order by ts ${direction} limit ${q.offset + q.limit}) h
            order by ts ${direction}, p.id limit ${q.limit} offset ${q.offset}`,
      );
      return rows.map((r) => ({ pointId: r.point_id, ms: Number(r.ms), value: r.text ?? r.value }));
    },

    /** Rows of the points in the range, counted up to `cap` (a table total that stays cheap). */
    async countUpTo(pointIds: readonly number[], start: Date, end: Date, cap: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from point_history where point_id = any(${ids(pointIds)})
              and ts >= ${time(start)} and ts <= ${time(end)} limit ${cap}) c`,
      );
      return Number(row?.n ?? 0);
    },

    /** Rows per point in the range, counted up to `cap` (enough to know whether raw values fit). */
    async cappedCounts(pointIds: readonly number[], start: Date, end: Date, cap: number) {
      const rows = await rowsOf<{ id: number; n: number }>(
        db,
        sql`select p.id, (select count(*)::int from (select 1 from point_history h
              where h.point_id = p.id and h.ts >= ${time(start)} and h.ts <= ${time(end)} limit ${cap}) c) as n
            from unnest(${ids(pointIds)}) as p(id)`,
      );
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    async raw(pointIds: readonly number[], start: Date, end: Date): Promise<SeriesRow[]> {
      return rowsOf<SeriesRow>(
        db,
        sql`select point_id, ${epochMs} as key, value, text from point_history
            where point_id = any(${ids(pointIds)}) and ts >= ${time(start)} and ts <= ${time(end)}
            order by point_id, ts`,
      );
    },

    /**
     * Like `aggregated`, but whole rollup buckets of `level` inside [start, end] before `doneUntil` are read
     * from the rollup table and only the edges and the not yet rolled tail from raw rows. `bucketMs` is a
     * multiple of the level's width, so every output bucket is made of whole rollup buckets. Numeric values
     * only (text is not rolled up).
     */
    async aggregatedFromRollups(q: {
      pointIds: readonly number[];
      start: Date;
      end: Date;
      bucketMs: number;
      fn: TelemetryFunction;
      level: RollupLevel;
      doneUntil: number;
    }): Promise<SeriesRow[]> {
      const { table, ms: levelMs } = ROLLUP_LEVELS[q.level];
      const startMs = q.start.getTime();
      const rollStart = Math.ceil(startMs / levelMs) * levelMs;
      const rollEnd = Math.max(
        rollStart,
        Math.min(Math.floor((q.end.getTime() + 1) / levelMs) * levelMs, q.doneUntil),
      );
      const key = (column: string) =>
        sql.raw(`floor(extract(epoch from ${column}) * 1000 / ${q.bucketMs}::numeric)::float8`);
      const value = {
        avg: sql`sum(sum) / sum(n)`,
        min: sql`min(min)`,
        max: sql`max(max)`,
        last: sql`(array_agg(last order by last_ts desc))[1]`,
      }[q.fn];
      return rowsOf<SeriesRow>(
        db,
        sql`with parts as (
              select point_id, ${key('bucket')} as key, n, sum, min, max, last_ts, last from ${sql.identifier(table)}
              where point_id = any(${ids(q.pointIds)}) and bucket >= ${time(new Date(rollStart))} and bucket < ${time(new Date(rollEnd))}
              union all
              select point_id, ${key('ts')}, 1, value, value, value, ts, value from point_history
              where point_id = any(${ids(q.pointIds)}) and value is not null
                and ((ts >= ${time(q.start)} and ts < ${time(new Date(rollStart))})
                  or (ts >= ${time(new Date(rollEnd))} and ts <= ${time(q.end)})))
            select point_id, key, ${value}::float8 as value, null::text as text
            from parts group by 1, 2 order by 1, 2`,
      );
    },

    /** One row per (point, non-empty bucket); bucket = floor(epoch_ms / bucketMs). */
    async aggregated(
      pointIds: readonly number[],
      start: Date,
      end: Date,
      bucketMs: number,
      fn: TelemetryFunction,
    ): Promise<SeriesRow[]> {
      const bucket = sql`floor(extract(epoch from ts) * 1000 / ${bucketMs}::numeric)::float8`;
      const range = sql`point_id = any(${ids(pointIds)}) and ts >= ${time(start)} and ts <= ${time(end)}`;
      if (fn === 'last') {
        return rowsOf<SeriesRow>(
          db,
          sql`select distinct on (point_id, key) point_id, ${bucket} as key, value, text
              from point_history where ${range} order by point_id, key, ts desc`,
        );
      }
      const aggregate = sql.raw(`${fn}(value)`);
      return rowsOf<SeriesRow>(
        db,
        sql`select point_id, ${bucket} as key, ${aggregate}::float8 as value, null::text as text
            from point_history where ${range} group by 1, 2 order by 1, 2`,
      );
    },
  };
}

export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
