import type { TelemetryValue } from '@fleet/contracts';
import { ROLLUP_LEVELS, type RollupLevel } from '../../pipeline/rollup/rollup-levels.js';
import type { SeriesRow } from './telemetry.repository.js';

/**
 * Width of the buckets so that the epoch-aligned buckets (floor(ms / width)) touching
 * [startMs, endMs] are at most `maxPoints`: floor(e/w) - floor(s/w) <= ceil((e - s)/w) <= maxPoints - 1.
 */
export function bucketWidth(startMs: number, endMs: number, maxPoints: number): number {
  return Math.max(1, Math.ceil((endMs - startMs) / (maxPoints - 1)));
}

/**
 * How a chart range is read when raw values do not fit: buckets of at least 15 minutes (1 minute) come from
 * the 15-minute (1-minute) rollups, their width rounded up to whole rollup buckets (so there are still at
 * most `maxPoints`); narrower ones aggregate raw rows.
 */
export function seriesPlan(
  startMs: number,
  endMs: number,
  maxPoints: number,
): { bucketMs: number; level: RollupLevel | null } {
  const width = bucketWidth(startMs, endMs, maxPoints);
  for (const level of ['15m', '1m'] as const) {
    const levelMs = ROLLUP_LEVELS[level].ms;
    if (width >= levelMs) return { bucketMs: Math.ceil(width / levelMs) * levelMs, level };
  }
  return { bucketMs: width, level: null };
}

/** Every bucket of the range, in order, null where the query found no row (a gap in the chart). */
export function fillBuckets(
  rows: readonly SeriesRow[],
  startMs: number,
  endMs: number,
  width: number,
): [number, TelemetryValue][] {
  const first = Math.floor(startMs / width);
  const last = Math.floor(endMs / width);
  const points: [number, TelemetryValue][] = [];
  for (let b = first; b <= last; b += 1) points.push([b * width, null]);
  for (const row of rows) {
    const index = Number(row.key) - first;
    if (index >= 0 && index < points.length) points[index]![1] = row.text ?? row.value;
  }
  return points;
}

export function rawPoints(rows: readonly SeriesRow[]): [number, TelemetryValue][] {
  return rows.map((r) => [Number(r.key), r.text ?? r.value]);
}
