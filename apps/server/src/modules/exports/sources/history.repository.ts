import type { TranslateItem } from '@fleet/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { deviceVisible } from '../../../platform/tenancy/scope.js';
import { dataPoints, devices } from '../../devices/devices.table.js';

export interface HistoryPoint {
  id: number;
  name: string;
  title: string;
  unit: string;
  deviceTitle: string;
  translate: TranslateItem[];
}

export interface HistoryRecord {
  ms: number;
  pointId: number;
  value: number | null;
  text: string | null;
}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const time = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Raw history of several points merged by time (the SQL of the history export). */
export function createHistoryExportRepository(db: Executor) {
  return {
    /** The points among `pointIds` that belong to devices the scope may see. */
    async visiblePoints(scope: Scope, pointIds: readonly number[]): Promise<HistoryPoint[]> {
      if (pointIds.length === 0) return [];
      const rows = await db
        .select({
          id: dataPoints.id,
          name: dataPoints.name,
          title: dataPoints.title,
          unit: dataPoints.unit,
          deviceTitle: devices.title,
          dsConfig: dataPoints.dsConfig,
        })
        .from(dataPoints)
        .innerJoin(devices, eq(devices.id, dataPoints.deviceId))
        .where(and(inArray(dataPoints.id, [...pointIds]), deviceVisible(db, scope)));
      return rows.map(({ dsConfig, ...p }) => ({
        ...p,
        translate: Array.isArray(dsConfig?.translate) ? dsConfig.translate : [],
      }));
    },

    /** Rows in [start, end], counted up to `cap`. */
    async count(pointIds: readonly number[], start: Date, end: Date, cap: number): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from point_history
              where point_id = any(${ids(pointIds)}) and ts >= ${time(start.getTime())} and ts <= ${time(end.getTime())}
              limit ${cap}) c`,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * The rows of [from, to) in file order. Exports read the range in time slices rather than by keyset: with
     * several points, `order by ts` over `point_id = any(...)` has to sort every remaining row of the range
     * for each page, while a slice is read from the (point_id, ts) index and sorts only its own rows.
     */
    async slice(q: {
      pointIds: readonly number[];
      from: number;
      to: number;
      order: 'asc' | 'desc';
    }): Promise<HistoryRecord[]> {
      const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
      const rows = await rowsOf<{ ms: number; point_id: number; value: number | null; text: string | null }>(
        db,
        sql`select (extract(epoch from ts) * 1000)::float8 as ms, point_id, value, text from point_history
            where point_id = any(${ids(q.pointIds)}) and ts >= ${time(q.from)} and ts < ${time(q.to)}
            order by ts ${direction}, point_id ${direction}`,
      );
      return rows.map((r) => ({
        ms: Number(r.ms),
        pointId: Number(r.point_id),
        value: r.value === null ? null : Number(r.value),
        text: r.text,
      }));
    },
  };
}
