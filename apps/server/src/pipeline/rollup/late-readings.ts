import type { HistoryRow } from '../storage-decision.js';
import { LATE_MS } from './rollup-job.js';

/**
 * Minutes of numeric history rows old enough that the rollup job may already have rolled them up
 * (older than LATE_MS at store time): the pipeline marks them dirty so the job rolls them again.
 */
export function lateMinutes(
  rows: readonly HistoryRow[],
  nowMs: number,
): { pointId: number; minute: number }[] {
  const cutoff = nowMs - LATE_MS;
  const late: { pointId: number; minute: number }[] = [];
  for (const row of rows) {
    if (row.value === null || row.ts >= cutoff) continue;
    late.push({ pointId: row.pointId, minute: Math.floor(row.ts / 60_000) * 60_000 });
  }
  // In key order (concurrent writers then lock the keys in the same order), each key once: sorted,
  // equal keys are neighbours (no string key per row, which a backfill of 5,000 rows paid for).
  late.sort((a, b) => a.pointId - b.pointId || a.minute - b.minute);
  let kept = 0;
  for (const key of late) {
    const last = late[kept - 1];
    if (last && last.pointId === key.pointId && last.minute === key.minute) continue;
    late[kept++] = key;
  }
  late.length = kept;
  return late;
}
