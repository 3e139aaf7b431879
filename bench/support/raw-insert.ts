import { Readable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { encodeHistoryCopy, HISTORY_COPY_SQL } from '../../apps/server/src/pipeline/copy-binary.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';

export interface RawRow {
  pointId: number;
  ts: number;
  value: number;
}

const BATCH = 5000;

function copyText(rows: readonly RawRow[]): string {
  let out = '';
  for (const r of rows) out += `${r.pointId}\t${new Date(r.ts).toISOString()}\t${r.value}\t\\N\n`;
  return out;
}

async function copyInto(client: pg.ClientBase, table: string, rows: readonly RawRow[]): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (point_id, ts, value, text) FROM STDIN`));
  await streamPipeline(Readable.from([copyText(rows)]), stream);
}

/** The pipeline's own encoder of COPY's binary format (the same bytes it sends). */
async function copyBinary(client: pg.ClientBase, rows: readonly RawRow[]): Promise<void> {
  const stream = client.query(copyFrom(HISTORY_COPY_SQL));
  await streamPipeline(Readable.from([encodeHistoryCopy(rows.map((r) => ({ ...r, text: null })))]), stream);
}

/**
 * Baseline on PostgreSQL: COPY straight into point_history, one transaction per 5,000 rows, in COPY's
 * text format or in its binary format (which the pipeline uses).
 */
export async function rawCopy(
  url: string,
  rows: readonly RawRow[],
  format: 'text' | 'binary',
): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (let i = 0; i < rows.length; i += BATCH) {
      await client.query('BEGIN');
      if (format === 'binary') await copyBinary(client, rows.slice(i, i + BATCH));
      else await copyInto(client, 'point_history', rows.slice(i, i + BATCH));
      await client.query('COMMIT');
    }
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** Baseline on PGlite: multi-row INSERT of 5,000 rows per statement. */
export async function rawMultiRowInsert(database: Database, rows: readonly RawRow[]): Promise<number> {
  const pglite = database.pglite!;
  const started = performance.now();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const params: unknown[] = [];
    const tuples = batch.map((r, k) => {
      params.push(r.pointId, new Date(r.ts).toISOString(), r.value);
      return `($${k * 3 + 1}::int, $${k * 3 + 2}::timestamptz, $${k * 3 + 3}::float8)`;
    });
    await pglite.query(`INSERT INTO point_history (point_id, ts, value) VALUES ${tuples.join(',')}`, params);
  }
  return (performance.now() - started) / 1000;
}

/**
 * The two ways the pipeline could write history on PostgreSQL, same rows, same batch size, both
 * skipping duplicates and answering the inserted keys: unnest(arrays) vs COPY into a staging table.
 */
export async function compareHistoryInserts(url: string, rows: readonly RawRow[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const half = Math.floor(rows.length / 2);
  try {
    let started = performance.now();
    for (let i = 0; i < half; i += BATCH) {
      const batch = rows.slice(i, Math.min(i + BATCH, half));
      await client.query('BEGIN');
      await client.query(
        `insert into point_history (point_id, ts, value, text)
         select p, to_timestamp(t / 1000), v, x from unnest($1::int[], $2::float8[], $3::float8[], $4::text[]) as u(p, t, v, x)
         on conflict do nothing returning point_id, ts`,
        [
          batch.map((r) => r.pointId),
          batch.map((r) => r.ts),
          batch.map((r) => r.value),
          batch.map(() => null),
        ],
      );
      await client.query('COMMIT');
    }
    const unnestSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (let i = half; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      await client.query('BEGIN');
      await client.query(
        'create temp table history_staging (point_id int, ts timestamptz, value float8, text text) on commit drop',
      );
      await copyInto(client, 'history_staging', batch);
      await client.query(
        'insert into point_history select * from history_staging on conflict do nothing returning point_id, ts',
      );
      await client.query('COMMIT');
    }
    const copySeconds = (performance.now() - started) / 1000;
    return {
      rows_each: half,
      batch_rows: BATCH,
      unnest_rows_per_s: Math.round(half / unnestSeconds),
      copy_staging_rows_per_s: Math.round((rows.length - half) / copySeconds),
    };
  } finally {
    await client.end();
  }
}
