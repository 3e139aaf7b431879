/** What gateways hand to the pipeline (DESIGN 7): a value of one configured point at one time. */
export type ReadingValue = number | string | boolean | null;

export interface Reading {
  deviceId: number;
  pointId: number;
  /** Epoch milliseconds. */
  ts: number;
  /** null = the device reported "no value" (kept as latest, never stored in history). */
  value: ReadingValue;
}

/** A reading after the pipeline stored it; what triggers (#5) and the live channel receive. */
export interface StoredReading extends Reading {
  /** The value as stored: booleans become 0/1. */
  value: number | string | null;
  /** It went to history (storage mode said so and it was not a duplicate). */
  historied: boolean;
  /** It is now the point's latest value (false for an out-of-order reading older than the latest). */
  latest: boolean;
}

export interface PipelineCounters {
  received: number;
  stored: number;
  historied: number;
  duplicates: number;
  /** Readings naming a point that no longer exists (deleted between decode and store). */
  dropped: number;
  batches: number;
  /** Failed flush attempts (database down); the readings were kept and retried. */
  retries: number;
  /** Readings waiting to be stored. */
  pending: number;
}

export interface LatestValue {
  pointId: number;
  ts: number;
  value: number | string | null;
}

export interface Pipeline {
  /**
   * Queues readings for the next batch and resolves when they are durable (latest value and
   * history committed). While the database is down the promise stays pending (backpressure) and
   * the readings are retried; it rejects only when the pipeline is closed before they were stored.
   */
  ingest(readings: readonly Reading[]): Promise<void>;
  /** Latest values of one device (memory first, the table on a miss). */
  latestOf(deviceId: number): Promise<LatestValue[]>;
  /** Called after every durable batch, in order; triggers and live fan-out hook in here. */
  onStored(listener: (batch: readonly StoredReading[]) => void): () => void;
  counters(): PipelineCounters;
  /** Stores what is pending, then refuses new readings. */
  close(): Promise<void>;
}
