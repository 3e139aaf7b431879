import { sql } from 'drizzle-orm';
import { pointHistory } from '../../pipeline/pipeline.table.js';
import { CLOSE_AFTER_MS, createRollupJob } from '../../pipeline/rollup/rollup-job.js';
import type { Database } from '../../platform/db/client.js';

export interface Reading {
  ts: Date;
  value: number;
}

/** Test data: history rows of a point. */
export async function insertReadings(database: Database, pointId: number, readings: readonly Reading[]) {
  for (let i = 0; i < readings.length; i += 500) {
    await database.db
      .insert(pointHistory)
      .values(readings.slice(i, i + 500).map((r) => ({ pointId, ts: r.ts, value: r.value })));
  }
}

/**
 * Rolls history up to `until` with the real rollup job, from scratch (tests move the watermark back and
 * forth): the job runs with a clock 30 s after `until`, so every bucket ending by `until` (rounded down to
 * 15 minutes) is rolled and the '15m' watermark lands there.
 */
export async function rollUp(database: Database, until: Date): Promise<void> {
  for (const table of [
    'point_rollup_1m',
    'point_rollup_15m',
    'history_rollup_state',
    'history_rollup_dirty',
  ]) {
    await database.db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  const clock = () => new Date(Math.floor(until.getTime() / 900_000) * 900_000 + CLOSE_AFTER_MS);
  await createRollupJob({ database, clock }).catchUp();
}

export interface ReferenceStats {
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  first: number | null;
  last: number | null;
  difference: number | null;
}

/** The contract's statistics of one period computed from the raw readings (a reference implementation). */
export function referenceStats(readings: readonly Reading[], start: Date, end: Date): ReferenceStats {
  const sorted = [...readings].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const inside = sorted.filter((r) => r.ts >= start && r.ts < end);
  if (inside.length === 0)
    return { count: 0, min: null, max: null, avg: null, first: null, last: null, difference: null };
  const before = sorted.filter((r) => r.ts < start).at(-1);
  let previous = before?.value;
  let difference = 0;
  for (const r of inside) {
    if (previous !== undefined) difference += r.value >= previous ? r.value - previous : r.value;
    previous = r.value;
  }
  const values = inside.map((r) => r.value);
  return {
    count: inside.length,
    min: Math.min(...values),
    max: Math.max(...values),
    avg: values.reduce((a, b) => a + b, 0) / values.length,
    first: values[0]!,
    last: values.at(-1)!,
    difference,
  };
}

/** A repeatable pseudo-random sequence in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
