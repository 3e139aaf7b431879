import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';

import { ROLLUP_LEVELS, type RollupLevel } from './rollup-levels.js';

export { ROLLUP_LEVELS, type RollupLevel } from './rollup-levels.js';

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

const time = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** A step down between consecutive readings is a counter reset: the new reading is the increase. */
const resetAwareStep = (current: string, previous: string) =>
  sql.raw(`case when ${previous} is null then 0 when ${current} >= ${previous}
             then ${current} - ${previous} else ${current} end`);

const UPSERT_SET = sql.raw(`n = excluded.n, sum = excluded.sum, min = excluded.min, max = excluded.max,
  first_ts = excluded.first_ts, first = excluded.first, last_ts = excluded.last_ts, last = excluded.last,
  increase = excluded.increase`);

/** Serialises rollup passes between instances sharing one PostgreSQL (any constant works). */
const ROLLUP_LOCK = 7_342_002;

export const rollupRepository = {
  /** Transaction-scoped: false when another instance is rolling up right now. */
  async tryLock(tx: Executor): Promise<boolean> {
    const [row] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`,
    );
    return Boolean(row?.ok);
  },

  async doneUntil(executor: Executor): Promise<Partial<Record<RollupLevel, number>>> {
    const rows = await rowsOf<{ level: RollupLevel; ms: number }>(
      executor,
      sql`select level, ${epochMs('done_until')} as ms from history_rollup_state`,
    );
    return Object.fromEntries(rows.map((r) => [r.level, Number(r.ms)]));
  },

  async setDoneUntil(executor: Executor, level: RollupLevel, ms: number): Promise<void> {
    await executor.execute(sql`insert into history_rollup_state (level, done_until) values (${level}, ${time(ms)})
      on conflict (level) do update set done_until = excluded.done_until`);
  },

  /**
   * Every point id: the roll-up queries name them so the planner reads the (point_id, ts) index even
   * without statistics (PGlite has no autovacuum; a freshly filled table would be scanned whole).
   */
  async pointIds(executor: Executor): Promise<number[]> {
    const rows = await rowsOf<{ id: number }>(executor, sql`select id from data_points order by id`);
    return rows.map((r) => r.id);
  },

  /**
   * History was written from `fromMs` on without the pipeline (bulk back-fill): both levels are rolled
   * again from there on the next pass (upserts, so rolling a bucket twice is harmless).
   */
  async rewind(executor: Executor, fromMs: number): Promise<void> {
    const from = Math.floor(fromMs / ROLLUP_LEVELS['15m'].ms) * ROLLUP_LEVELS['15m'].ms;
    await executor.execute(
      sql`update history_rollup_state set done_until = least(done_until, ${time(from)})`,
    );
  },

  /** Time of the oldest numeric history row, null when there is none. */
  async oldestReading(executor: Executor): Promise<number | null> {
    const [row] = await rowsOf<{ ms: number | null }>(
      executor,
      sql`select ${epochMs('min(ts)')} as ms from point_history where value is not null`,
    );
    return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
  },

  /** Rolls raw history of [from, to) into 1-minute buckets (both minute-aligned); optionally some points only. */
  async rollMinutes(
    executor: Executor,
    from: number,
    to: number,
    pointIds?: readonly number[],
  ): Promise<void> {
    const points = pointIds ? sql`and point_id = any(${sql.param(pointIds)}::int[])` : sql``;
    await executor.execute(sql`
      insert into point_rollup_1m (point_id, bucket, n, sum, min, max, first_ts, first, last_ts, last, increase)
      select point_id, bucket, count(*)::int, sum(value), min(value), max(value),
        min(ts), (array_agg(value order by ts))[1], max(ts), (array_agg(value order by ts desc))[1],
        sum(${resetAwareStep('value', 'previous')})
      from (
        select point_id, ts, value, date_trunc('minute', ts) as bucket,
          lag(value) over (partition by point_id, date_trunc('minute', ts) order by ts) as previous
        from point_history
        where ts >= ${time(from)} and ts < ${time(to)} and value is not null ${points}
      ) s
      group by point_id, bucket
      on conflict (point_id, bucket) do update set ${UPSERT_SET}`);
  },

  /** Rolls 1-minute buckets of [from, to) into 15-minute ones (both 15-minute aligned). */
  async rollQuarters(
    executor: Executor,
    from: number,
    to: number,
    pointIds?: readonly number[],
  ): Promise<void> {
    const points = pointIds ? sql`and point_id = any(${sql.param(pointIds)}::int[])` : sql``;
    const quarter = sql.raw(`date_bin('15 minutes', bucket, timestamptz '2000-01-01 00:00:00+00')`);
    await executor.execute(sql`
      insert into point_rollup_15m (point_id, bucket, n, sum, min, max, first_ts, first, last_ts, last, increase)
      select point_id, quarter, sum(n)::int, sum(sum), min(min), max(max),
        min(first_ts), (array_agg(first order by first_ts))[1], max(last_ts), (array_agg(last order by last_ts desc))[1],
        sum(increase) + sum(${resetAwareStep('first', 'previous')})
      from (
        select *, ${quarter} as quarter,
          lag(last) over (partition by point_id, ${quarter} order by bucket) as previous
        from point_rollup_1m
        where bucket >= ${time(from)} and bucket < ${time(to)} ${points}
      ) s
      group by point_id, quarter
      on conflict (point_id, bucket) do update set ${UPSERT_SET}`);
  },

  /** Marks minutes that received readings after they may have been rolled up (late or back-filled data). */
  async markDirty(executor: Executor, rows: readonly { pointId: number; minute: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await executor.execute(sql`
      insert into history_rollup_dirty (point_id, bucket)
      select p, to_timestamp(m / 1000) from unnest(${sql.param(rows.map((r) => r.pointId))}::int[],
        ${sql.param(rows.map((r) => r.minute))}::float8[]) as u(p, m)
      on conflict do nothing`);
  },

  /** Takes (deletes and answers) up to `limit` dirty minutes. */
  async takeDirty(executor: Executor, limit: number): Promise<{ pointId: number; minute: number }[]> {
    const rows = await rowsOf<{ point_id: number; ms: number }>(
      executor,
      sql`delete from history_rollup_dirty where (point_id, bucket) in (
            select point_id, bucket from history_rollup_dirty order by bucket limit ${limit})
          returning point_id, ${epochMs('bucket')} as ms`,
    );
    return rows.map((r) => ({ pointId: r.point_id, minute: Number(r.ms) }));
  },
};
