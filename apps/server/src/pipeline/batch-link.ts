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
  /** `${pointId}:${ts}` of its history rows. */
  historyKeys: Set<string>;
}

export const newLink = (): Link => ({
  planned: deferred(),
  written: deferred(),
  committed: deferred(),
  historyKeys: new Set(),
});
