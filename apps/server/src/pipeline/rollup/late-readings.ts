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
  const seen = new Set<string>();
  const late: { pointId: number; minute: number }[] = [];
  for (const row of rows) {
    if (row.value === null || row.ts >= cutoff) continue;
    const minute = Math.floor(row.ts / 60_000) * 60_000;
    const key = `${row.pointId}:${minute}`;
    if (seen.has(key)) continue;
    seen.add(key);
    late.push({ pointId: row.pointId, minute });
  }
  // In key order: concurrent writers then lock the keys in the same order.
  return late.sort((a, b) => a.pointId - b.pointId || a.minute - b.minute);
}
