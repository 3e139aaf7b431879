import { sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.js';
import type { HistoryRow, PointState } from './storage-decision.js';
import type { LatestValue } from './types.js';

/** `execute` answers { rows } on both drivers (node-postgres QueryResult, PGlite Results). */
async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Arrays travel as ONE parameter each (drizzle would otherwise expand them into a list). */
const array = (values: readonly unknown[]) => sql.param(values);

/** Epoch milliseconds as float8: exact for ms timestamps and parsed to a number by both drivers. */
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

interface StateRow {
  point_id: number;
  device_id: number;
  ts: number;
  value: number | null;
  text: string | null;
  stored_ts: number | null;
  stored_value: number | null;
  stored_text: string | null;
}

/** 23505 from node-postgres or PGlite, possibly wrapped by drizzle (DrizzleQueryError.cause). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth += 1
  ) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** SQL of the pipeline: one statement per table per batch, arrays passed as single parameters. */
export const pipelineRepository = {
  /**
   * Committed state of a batch's points (the stored text comes from history), their rows locked until
   * the batch commits: an instance ingesting the same point waits and then plans on this batch's result,
   * so the timed and on-change decisions hold across instances. Locked in point order (no deadlock).
   */
  async lockStates(executor: Executor, pointIds: readonly number[]): Promise<Map<number, PointState>> {
    const rows = await rowsOf<StateRow>(
      executor,
      sql`select l.point_id, l.device_id, ${epochMs('l.ts')} as ts, l.value, l.text,
            ${epochMs('l.stored_ts')} as stored_ts, l.stored_value, h.text as stored_text
          from point_latest l
          left join point_history h on h.point_id = l.point_id and h.ts = l.stored_ts
          where l.point_id = any(${array(pointIds)}::int[])
          order by l.point_id
          for update of l`,
    );
    return new Map(
      rows.map((r) => [
        r.point_id,
        {
          deviceId: r.device_id,
          ts: Number(r.ts),
          value: r.value,
          text: r.text,
          storedTs: r.stored_ts === null ? null : Number(r.stored_ts),
          storedValue: r.stored_value,
          storedText: r.stored_text,
        },
      ]),
    );
  },

  /**
   * Inserts history rows, duplicates of (point_id, ts) ignored. Answers null when every row was
   * new, else the keys (`${pointId}:${ts}`) actually inserted.
   *
   * Duplicates are rare (a device resending after a lost acknowledgement), so the plain INSERT runs
   * first and only a unique violation falls back, inside a savepoint, to ON CONFLICT DO NOTHING
   * RETURNING: measured on PostgreSQL 15 (2 busy cores, 5,000 rows), plain 22 ms, ON CONFLICT DO
   * NOTHING 32 ms, with RETURNING 45 ms.
   *
   * unnest(arrays) was kept over COPY: COPY into a temp staging table (CREATE TEMP TABLE ... ON
   * COMMIT DROP, COPY FROM STDIN, INSERT ... SELECT ... ON CONFLICT DO NOTHING RETURNING) was no
   * faster at 5,000-row batches on PostgreSQL 15 (bench/ingest.ts `history_insert_methods`, rows/s
   * over four runs on 2 busy cores, unnest vs COPY: 82,900/72,800, 85,700/86,000, 54,100/52,000,
   * 63,400/67,400): the per-batch temp table and extra round trips eat what COPY saves, and
   * unnest needs no raw pool client.
   */
  async insertHistory(executor: Executor, rows: readonly HistoryRow[]): Promise<Set<string> | null> {
    if (rows.length === 0) return null;
    const arrays = sql`unnest(${array(rows.map((r) => r.pointId))}::int[], ${array(rows.map((r) => r.ts))}::float8[],
                      ${array(rows.map((r) => r.value))}::float8[], ${array(rows.map((r) => r.text))}::text[])
               as u(p, t, v, x)`;
    await executor.execute(sql`savepoint history_insert`);
    try {
      await executor.execute(sql`insert into point_history (point_id, ts, value, text)
          select p, to_timestamp(t / 1000), v, x from ${arrays}`);
      await executor.execute(sql`release savepoint history_insert`);
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await executor.execute(sql`rollback to savepoint history_insert`);
    }
    const inserted = await rowsOf<{ point_id: number; ts: number }>(
      executor,
      sql`insert into point_history (point_id, ts, value, text)
          select p, to_timestamp(t / 1000), v, x from ${arrays}
          on conflict do nothing
          returning point_id, ${epochMs('ts')} as ts`,
    );
    return new Set(inserted.map((r) => `${r.point_id}:${Number(r.ts)}`));
  },

  /**
   * One row per point. The latest value moves only forward in time (an out-of-order reading never
   * replaces a newer latest, even one written by another instance); the stored_* base likewise.
   */
  async upsertLatest(executor: Executor, states: ReadonlyMap<number, PointState>): Promise<void> {
    if (states.size === 0) return;
    const ids: number[] = [];
    const devices: number[] = [];
    const ts: number[] = [];
    const values: (number | null)[] = [];
    const texts: (string | null)[] = [];
    const storedTs: (number | null)[] = [];
    const storedValues: (number | null)[] = [];
    // In point order: concurrent writers then lock rows in the same order and cannot deadlock.
    for (const pointId of [...states.keys()].sort((a, b) => a - b)) {
      const s = states.get(pointId)!;
      // A point whose readings were all out of order has no newer latest to write; it still may
      // carry a new stored base. ts is -Infinity only when it never had a latest at all.
      if (!Number.isFinite(s.ts)) continue;
      ids.push(pointId);
      devices.push(s.deviceId);
      ts.push(s.ts);
      values.push(s.value);
      texts.push(s.text);
      storedTs.push(s.storedTs);
      storedValues.push(s.storedValue);
    }
    if (ids.length === 0) return;
    await executor.execute(sql`
      insert into point_latest as l (point_id, device_id, ts, value, text, stored_ts, stored_value)
      select p, d, to_timestamp(t / 1000), v, x, to_timestamp(st / 1000), sv
      from unnest(${array(ids)}::int[], ${array(devices)}::int[], ${array(ts)}::float8[],
                  ${array(values)}::float8[], ${array(texts)}::text[], ${array(storedTs)}::float8[],
                  ${array(storedValues)}::float8[]) as u(p, d, t, v, x, st, sv)
      on conflict (point_id) do update set
        ts = case when excluded.ts >= l.ts then excluded.ts else l.ts end,
        value = case when excluded.ts >= l.ts then excluded.value else l.value end,
        text = case when excluded.ts >= l.ts then excluded.text else l.text end,
        stored_value = case when excluded.stored_ts >= l.stored_ts or l.stored_ts is null
          then excluded.stored_value else l.stored_value end,
        stored_ts = case when excluded.stored_ts >= l.stored_ts or l.stored_ts is null
          then excluded.stored_ts else l.stored_ts end
      where excluded.ts >= l.ts or excluded.stored_ts > l.stored_ts
        or (l.stored_ts is null and excluded.stored_ts is not null)`);
  },

  async bumpCounters(executor: Executor, day: string, perDevice: ReadonlyMap<number, number>): Promise<void> {
    if (perDevice.size === 0) return;
    const deviceIds = [...perDevice.keys()].sort((a, b) => a - b);
    await executor.execute(sql`
      insert into ingest_counters as c (device_id, day, readings)
      select d, ${day}, n from unnest(${array(deviceIds)}::int[], ${array(deviceIds.map((id) => perDevice.get(id)!))}::int8[]) as u(d, n)
      on conflict (device_id, day) do update set readings = c.readings + excluded.readings`);
  },

  async latestOf(executor: Executor, deviceId: number): Promise<LatestValue[]> {
    const rows = await rowsOf<{ point_id: number; ts: number; value: number | null; text: string | null }>(
      executor,
      sql`select point_id, ${epochMs('ts')} as ts, value, text from point_latest
          where device_id = ${deviceId} order by point_id`,
    );
    return rows.map((r) => ({ pointId: r.point_id, ts: Number(r.ts), value: r.text ?? r.value }));
  },
};
