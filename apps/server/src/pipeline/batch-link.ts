import type { HistoryRow, PointState } from './storage-decision.js';

/** Coordination of two batches in flight (parallel batches on PostgreSQL), see pipeline.ts. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** How a batch in flight tells the next one where it is. */
export interface Link {
  /** Its state is in the speculative map: the next batch may plan. */
  planned: Deferred<void>;
  /** It wrote point_latest and ingest_counters: the next batch may touch them. */
  written: Deferred<void>;
  committed: Deferred<boolean>;
  /** Its history rows and planned point states, set when it is planned (see historyOverlap). */
  history: readonly HistoryRow[];
  states: ReadonlyMap<number, PointState>;
  /** `${pointId}:${ts}` of its history rows, built only when a later batch may overlap them. */
  keys: Set<string> | null;
}

export const newLink = (): Link => ({
  planned: deferred(),
  written: deferred(),
  committed: deferred(),
  history: [],
  states: new Map(),
  keys: null,
});

/**
 * Indexes (into `rows`) of the history rows the previous, uncommitted batch writes too: inserting one
 * would wait on the other transaction's lock, and it is a duplicate if that one commits. A row can only
 * be one of them when its ts is not after the last stored ts the previous batch planned for its point
 * (stored ts only moves forward), so the usual case - newer readings - builds no key at all.
 */
export function historyOverlap(previous: Link, rows: readonly HistoryRow[]): number[] {
  const overlapping: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const storedTs = previous.states.get(row.pointId)?.storedTs;
    if (storedTs === undefined || storedTs === null || row.ts > storedTs) continue;
    previous.keys ??= new Set(previous.history.map((r) => `${r.pointId}:${r.ts}`));
    if (previous.keys.has(`${row.pointId}:${row.ts}`)) overlapping.push(i);
  }
  return overlapping;
}
