import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { pointLatest } from '../../pipeline/pipeline.table.js';
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

    /** History rows per point (index-only on the primary key). */
    async storedCounts(pointIds: readonly number[]): Promise<Map<number, number>> {
      if (pointIds.length === 0) return new Map();
      const rows = await rowsOf<{ point_id: number; n: number }>(
        db,
        sql`select point_id, count(*)::int as n from point_history
            where point_id = any(${ids(pointIds)}) group by point_id`,
      );
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
