import type { DatabaseKind } from '../platform/db/client.js';

export interface PipelineOptions {
  /** A batch is flushed when it holds this many readings (default 5,000)... */
  maxBatch?: number;
  /** ...or this long after its first reading arrived (default 5 ms). */
  flushIntervalMs?: number;
  /** Above this many readings waiting, ingest() waits for room (default 200,000). */
  maxPending?: number;
  /** First retry delay after a failed transaction, doubled up to maxRetryDelayMs (100 ms / 5 s). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Failed attempts close() makes before it gives up and rejects what is left (default 3). */
  closeAttempts?: number;
  /**
   * Batches written at once (default 2 on PostgreSQL, always 1 on PGlite, which has one
   * connection). Batch N+1 is planned on N's outcome and commits only after N did.
   */
  parallelBatches?: number;
}

/** The options with their defaults filled in; PGlite (one connection) always writes one batch at a time. */
export function resolvePipelineOptions(options: PipelineOptions = {}, kind: DatabaseKind) {
  return {
    maxBatch: options.maxBatch ?? 5000,
    flushIntervalMs: options.flushIntervalMs ?? 5,
    maxPending: options.maxPending ?? 200_000,
    retryDelayMs: options.retryDelayMs ?? 100,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 5000,
    closeAttempts: options.closeAttempts ?? 3,
    lanes: kind === 'postgres' ? Math.max(1, options.parallelBatches ?? 2) : 1,
  };
}
