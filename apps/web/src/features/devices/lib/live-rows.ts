import type { DataPointRow, LastPoint, LiveReading } from '@fleet/contracts';
import { isWritable } from './live-format';

export interface LiveRow extends LastPoint {
  /** The point's configuration (translation, limits, data type), when the points list has it. */
  point: DataPointRow | undefined;
}

/**
 * Rows of the live table: the latest values in the server's order, each joined with its point; then the
 * writable points the server leaves out (collect mode 0), so that parameters can still be written.
 */
export function liveRows(latest: readonly LastPoint[], points: readonly DataPointRow[]): LiveRow[] {
  const byId = new Map(points.map((p) => [p.id, p]));
  const rows: LiveRow[] = latest.map((l) => ({ ...l, point: byId.get(l.point_id) }));
  const seen = new Set(latest.map((l) => l.point_id));
  for (const p of points) {
    if (seen.has(p.id) || !isWritable(p)) continue;
    rows.push({
      point_id: p.id,
      name: p.name,
      title: p.title,
      slave_id: p.slave_id,
      unit: p.unit,
      decimals: p.decimals,
      access: p.access,
      type: p.type,
      value: null,
      at: null,
      point: p,
    });
  }
  return rows;
}

/** Slave filter of a gateway's table: 'all', 'device' (points of the gateway itself) or a slave id. */
export function filterBySlave<T extends { slave_id: number | null }>(
  rows: readonly T[],
  filter: string,
): T[] {
  if (filter === 'all') return [...rows];
  if (filter === 'device') return rows.filter((r) => r.slave_id === null);
  return rows.filter((r) => String(r.slave_id) === filter);
}

/** True when no point has ever reported: the page then explains how a device sends data. */
export const nothingReported = (rows: readonly LastPoint[]) => rows.every((r) => r.at === null);

/**
 * The latest values after a live data (LD) message: each reading replaces its point's value unless
 * the row already holds a newer one (a poll may have overtaken the push). Rows not in the message and
 * readings of points not in the rows are left as they are (the next re-read brings new points).
 * Generic so that the device monitor's GET /device/lastdps rows merge the same way.
 */
export function mergeLiveReadings<T extends Pick<LastPoint, 'point_id' | 'value' | 'at'>>(
  rows: readonly T[],
  readings: readonly LiveReading[],
): T[] {
  const newest = new Map<number, LiveReading>();
  for (const r of readings) {
    const held = newest.get(r.point_id);
    if (!held || r.at >= held.at) newest.set(r.point_id, r);
  }
  return rows.map((row) => {
    const r = newest.get(row.point_id);
    if (!r || (row.at !== null && row.at > r.at)) return row;
    return { ...row, value: r.value, at: r.at };
  });
}
