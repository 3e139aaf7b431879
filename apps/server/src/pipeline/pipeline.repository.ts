import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../platform/db/client.js';
import { encodeHistoryCopy, HISTORY_COPY_SQL } from './copy-binary.js';
import type { HistoryRow, PointState } from './storage-decision.js';
import type { LatestValue } from './types.js';

/** `execute` answers { rows } on both drivers (node-postgres QueryResult, PGlite Results). */
async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Arrays travel as ONE parameter each (drizzle would otherwise expand them into a list). */
const array = (values: readonly unknown[]) => sql.param(values);

/**
 * A numeric array as ONE text parameter in PostgreSQL's array syntax (`{1,2.5,NULL}`), cast by the
 * statement. The drivers' generic array serialisation quoted and escaped every element: about a tenth
 * of the pipeline's CPU in bench:ingest, for arrays of thousands of numbers per batch.
 */
const numbers = (values: readonly (number | null)[]) => {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    text += (i === 0 ? '' : ',') + (v === null || v === undefined ? 'NULL' : String(v));
  }
  return sql.param(`${text}}`);
};

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

/**
 * The node-postgres connection an open transaction runs on (drizzle keeps it as its session's
 * client), null on PGlite or outside a transaction (a pool has no single connection to COPY on).
 */
function connectionOf(executor: Executor): pg.ClientBase | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** COPY FROM STDIN into point_history (binary format); rejects with the server's error (23505 on a duplicate). */
async function copyHistory(client: pg.ClientBase, rows: readonly HistoryRow[]): Promise<void> {
  const stream = client.query(copyFrom(HISTORY_COPY_SQL));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(encodeHistoryCopy(rows));
  });
}

/** Batches of fewer history rows skip the savepoint and COPY (see insertHistory). */
export const COPY_MIN_ROWS = 500;

/** INSERT ... ON CONFLICT DO NOTHING RETURNING: the keys (`${pointId}:${ts}`) actually inserted. */
async function insertSkippingDuplicates(
  executor: Executor,
  arrays: ReturnType<typeof sql>,
): Promise<Set<string>> {
  const inserted = await rowsOf<{ point_id: number; ts: number }>(
    executor,
    sql`insert into point_history (point_id, ts, value, text)
        select p, to_timestamp(t / 1000), v, x from ${arrays}
        on conflict do nothing
        returning point_id, ${epochMs('ts')} as ts`,
  );
  return new Set(inserted.map((r) => `${r.point_id}:${Number(r.ts)}`));
}

/** Text values: usually all null (numeric points), then as cheap as `numbers`. */
const texts = (values: readonly (string | null)[]) =>
  values.every((v) => v === null) ? numbers(values as null[]) : array(values);

/** What a batch writes besides history (see writeBatchState). */
export interface BatchState {
  states: ReadonlyMap<number, PointState>;
  /** Minutes of late numeric history rows, in key order (lateMinutes). */
  dirty: readonly { pointId: number; minute: number }[];
  /** UTC day (YYYY-MM-DD) of the counters and readings per device. */
  day: string;
  perDevice: ReadonlyMap<number, number>;
}

/** point_latest rows as column arrays, in point order (concurrent writers lock rows alike). */
function latestArrays(states: ReadonlyMap<number, PointState>) {
  const out = {
    ids: [] as number[],
    devices: [] as number[],
    ts: [] as number[],
    values: [] as (number | null)[],
    texts: [] as (string | null)[],
    storedTs: [] as (number | null)[],
    storedValues: [] as (number | null)[],
  };
  for (const pointId of [...states.keys()].sort((a, b) => a - b)) {
    const s = states.get(pointId)!;
    // A point whose readings were all out of order has no newer latest to write; it still may
    // carry a new stored base. ts is -Infinity only when it never had a latest at all.
    if (!Number.isFinite(s.ts)) continue;
    out.ids.push(pointId);
    out.devices.push(s.deviceId);
    out.ts.push(s.ts);
    out.values.push(s.value);
    out.texts.push(s.text);
    out.storedTs.push(s.storedTs);
    out.storedValues.push(s.storedValue);
  }
  return out;
}

/** SQL of the pipeline: one statement per table per batch, arrays passed as single parameters. */
export const pipelineRepository = {
  /**
   * Committed state of a batch's points (the stored text comes from history), their rows locked until
   * the batch commits: an instance ingesting the same point waits and then plans on this batch's result,
   * so the timed and on-change decisions hold across instances. Locked in point order (no deadlock).
   */
  async lockStates(executor: Executor, pointIds: readonly number[]): Promise<Map<number, PointState>> {
    // The stored text is looked up per row (an index probe of one partition), and only for a point
    // whose stored value was not a number: a join let the planner hash the whole of point_history
    // (a sequential scan of every partition, 127 ms at 100,000 rows, growing with history).
    const rows = await rowsOf<StateRow>(
      executor,
      sql`select l.point_id, l.device_id, ${epochMs('l.ts')} as ts, l.value, l.text,
            ${epochMs('l.stored_ts')} as stored_ts, l.stored_value,
            case when l.stored_ts is not null and l.stored_value is null then
              (select h.text from point_history h where h.point_id = l.point_id and h.ts = l.stored_ts)
            end as stored_text
          from point_latest l
          where l.point_id = any(${numbers(pointIds)}::int[])
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
   * Inserts history rows, duplicates of (point_id, ts) ignored. Answers null when the rows went in
   * whole (none was a duplicate), else the keys (`${pointId}:${ts}`) actually inserted.
   *
   * Duplicates are rare (a device resending after a lost acknowledgement), so the rows of a batch of
   * COPY_MIN_ROWS or more first go in whole, inside a savepoint, and only a unique violation falls back to INSERT ... ON CONFLICT DO
   * NOTHING RETURNING after rolling back to it. On PostgreSQL "whole" is COPY FROM STDIN (binary
   * format, copy-binary.ts) straight into point_history on the transaction's own connection (the batch stays one transaction, so a
   * reading is still acknowledged only after commit); on PGlite a plain INSERT from unnest(arrays).
   *
   * Measured in bench:ingest (PostgreSQL 15, 5,000-row batches, 2 busy cores): the pipeline's
   * history insert took ~63 ms per batch with unnest against ~40 ms for a raw COPY transaction; a
   * COPY into a temp staging table followed by INSERT ... SELECT was no faster than unnest (the
   * per-batch temp table and the second copy of the rows ate the gain), hence COPY into the table.
   */
  async insertHistory(executor: Executor, rows: readonly HistoryRow[]): Promise<Set<string> | null> {
    if (rows.length === 0) return null;
    // Built only when a statement needs them (not on the COPY path).
    const arrays =
      () => sql`unnest(${numbers(rows.map((r) => r.pointId))}::int[], ${numbers(rows.map((r) => r.ts))}::float8[],
                      ${numbers(rows.map((r) => r.value))}::float8[], ${texts(rows.map((r) => r.text))}::text[])
               as u(p, t, v, x)`;
    // A small batch (light load, where latency is made of round trips) goes straight to the
    // statement that skips duplicates: one round trip, where savepoint + COPY take three.
    if (rows.length < COPY_MIN_ROWS) return insertSkippingDuplicates(executor, arrays());
    const client = connectionOf(executor);
    await executor.execute(sql`savepoint history_insert`);
    try {
      if (client) await copyHistory(client, rows);
      else {
        await executor.execute(sql`insert into point_history (point_id, ts, value, text)
            select p, to_timestamp(t / 1000), v, x from ${arrays()}`);
      }
      // Not released: the commit ends it with the transaction, one round trip less per batch.
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await executor.execute(sql`rollback to savepoint history_insert`);
    }
    return insertSkippingDuplicates(executor, arrays());
  },

  /**
   * The rest of a batch in ONE statement (one round trip instead of three): the latest value of
   * every point, the minutes of late numeric rows the rollup job must roll again, and the daily
   * counters. Rows of each table are written in key order; the main statement (point_latest) runs
   * first and the two WITH inserts after it, so concurrent writers take the locks in the same order.
   *
   * The latest value moves only forward in time (an out-of-order reading never replaces a newer
   * latest, even one written by another instance); the stored_* base likewise.
   */
  async writeBatchState(executor: Executor, batch: BatchState): Promise<void> {
    const latest = latestArrays(batch.states);
    const dirty = batch.dirty;
    const deviceIds = [...batch.perDevice.keys()].sort((a, b) => a - b);
    if (latest.ids.length === 0 && dirty.length === 0 && deviceIds.length === 0) return;
    await executor.execute(sql`
      with dirty as (
        insert into history_rollup_dirty (point_id, bucket)
        select p, to_timestamp(m / 1000) from unnest(${numbers(dirty.map((r) => r.pointId))}::int[],
          ${numbers(dirty.map((r) => r.minute))}::float8[]) as u(p, m)
        on conflict do nothing
      ), counters as (
        insert into ingest_counters as c (device_id, day, readings)
        select d, ${batch.day}, n from unnest(${numbers(deviceIds)}::int[],
          ${numbers(deviceIds.map((id) => batch.perDevice.get(id)!))}::int8[]) as u(d, n)
        on conflict (device_id, day) do update set readings = c.readings + excluded.readings
      )
      insert into point_latest as l (point_id, device_id, ts, value, text, stored_ts, stored_value)
      select p, d, to_timestamp(t / 1000), v, x, to_timestamp(st / 1000), sv
      from unnest(${numbers(latest.ids)}::int[], ${numbers(latest.devices)}::int[], ${numbers(latest.ts)}::float8[],
                  ${numbers(latest.values)}::float8[], ${texts(latest.texts)}::text[], ${numbers(latest.storedTs)}::float8[],
                  ${numbers(latest.storedValues)}::float8[]) as u(p, d, t, v, x, st, sv)
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

  async latestOf(executor: Executor, deviceId: number): Promise<LatestValue[]> {
    const rows = await rowsOf<{ point_id: number; ts: number; value: number | null; text: string | null }>(
      executor,
      sql`select point_id, ${epochMs('ts')} as ts, value, text from point_latest
          where device_id = ${deviceId} order by point_id`,
    );
    return rows.map((r) => ({ pointId: r.point_id, ts: Number(r.ts), value: r.text ?? r.value }));
  },
};
