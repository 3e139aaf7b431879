import type { Logger } from 'pino';
import { BUS, type DeviceChangedEvent, type EventBus } from '../platform/bus/event-bus.js';
import type { Database } from '../platform/db/client.js';
import { historyOverlap, type Link, newLink } from './batch-link.js';
import type { DeviceDirectory } from './directory.js';
import { pipelineRepository as repo } from './pipeline.repository.js';
import { type PipelineOptions, resolvePipelineOptions } from './pipeline-options.js';
import { lateMinutes } from './rollup/late-readings.js';
import { acceptReadings, emptyState, type PointState, planBatch } from './storage-decision.js';
import type { LatestValue, Pipeline, PipelineCounters, Reading, StoredReading } from './types.js';

export type { PipelineOptions };

export interface PipelineDeps {
  database: Database;
  directory: DeviceDirectory;
  bus: EventBus;
  clock?: () => Date;
  logger?: Logger;
  options?: PipelineOptions;
}

/** One ingest() call; it resolves when all of its readings are committed. */
interface Caller {
  left: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

interface Slice {
  caller: Caller;
  readings: readonly Reading[];
}

class PipelineClosedError extends Error {
  constructor() {
    super('pipeline closed');
    this.name = 'PipelineClosedError';
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Readings -> latest values and history (DESIGN 7), in batches: one transaction per batch, callers
 * resolved when it commits. While the database is down the batch is retried with backoff and the
 * callers' promises stay pending, which is the backpressure the gateways pass on to the devices.
 */
export function createPipeline(deps: PipelineDeps): Pipeline {
  const { database, directory, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { maxBatch, flushIntervalMs, maxPending, retryDelayMs, maxRetryDelayMs, closeAttempts, lanes } =
    resolvePipelineOptions(deps.options, database.kind);

  /** Committed state of every point this instance wrote (latestOf answers from it when newer than the row). */
  const states = new Map<number, PointState>();
  /** State planned by batches written but not committed yet (the next batch plans on it). */
  const speculative = new Map<number, PointState>();
  const listeners = new Set<(batch: readonly StoredReading[]) => void>();
  const counters: PipelineCounters = {
    received: 0,
    stored: 0,
    historied: 0,
    duplicates: 0,
    dropped: 0,
    batches: 0,
    retries: 0,
    pending: 0,
  };

  let queue: Slice[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let closed = false;
  let closing = false;
  let roomWaiters: (() => void)[] = [];

  // Points of a deleted device (or everything, deviceId null) are forgotten; the table is the truth.
  const unsubscribe = deps.bus.subscribe(BUS.deviceChanged, (message) => {
    const { deviceId, kind } = message as DeviceChangedEvent;
    if (kind === 'created') return;
    if (deviceId === null || deviceId === undefined) states.clear();
    else if (kind === 'deleted') {
      for (const [pointId, state] of states) if (state.deviceId === deviceId) states.delete(pointId);
    }
  });

  const releaseRoom = () => {
    if (counters.pending >= maxPending) return;
    const waiters = roomWaiters;
    roomWaiters = [];
    for (const wake of waiters) wake();
  };

  const schedule = () => {
    if (flushing) return; // the running flush picks the queue up when it is done
    if (queued >= maxBatch) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      flushing = runFlushes();
      return;
    }
    if (!timer && queued > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        if (!flushing) flushing = runFlushes();
      }, flushIntervalMs);
    }
  };

  /** Takes up to maxBatch readings off the queue, splitting a large ingest() call if needed. */
  const takeBatch = (): Slice[] => {
    const batch: Slice[] = [];
    let size = 0;
    while (queue.length > 0 && size < maxBatch) {
      const slice = queue[0]!;
      const room = maxBatch - size;
      if (slice.readings.length <= room) {
        batch.push(slice);
        queue.shift();
        size += slice.readings.length;
      } else {
        batch.push({ caller: slice.caller, readings: slice.readings.slice(0, room) });
        queue[0] = { caller: slice.caller, readings: slice.readings.slice(room) };
        size += room;
      }
    }
    queued -= size;
    return batch;
  };

  async function runFlushes(): Promise<void> {
    try {
      while (queued > 0) {
        if (lanes === 1) await flushWithRetry(takeBatch());
        else await flushPipelined();
        // Below a full batch, wait for more unless closing (keeps batches large under load).
        if (!closing && queued > 0 && queued < maxBatch) {
          await sleep(0);
        }
      }
    } finally {
      flushing = undefined;
      if (queued > 0) schedule();
    }
  }

  const batchSize = (batch: Slice[]) => batch.reduce((n, s) => n + s.readings.length, 0);

  /**
   * Up to `lanes` batches in flight. Batch N+1 plans on N's planned state, writes its history while
   * N finishes, touches the shared rows (point_latest, ingest_counters) only after N wrote them (so
   * the two never wait on each other's locks) and commits only after N committed. A failure fails
   * the batches behind it too; they are then retried one by one, in order.
   */
  async function flushPipelined(): Promise<void> {
    const window: { batch: Slice[]; link: Link }[] = [];
    let previous: Link | null = null;
    let failed: Slice[][] = [];
    while (queued > 0 || window.length > 0) {
      while (queued > 0 && window.length < lanes && failed.length === 0) {
        const batch = takeBatch();
        const link = newLink();
        const before = previous;
        storeBatch(batch, before, link).then(
          (stored) => {
            afterCommit(batch, batchSize(batch), stored);
            link.committed.resolve(true);
          },
          (error: unknown) => {
            link.planned.resolve();
            link.written.resolve();
            counters.retries += 1;
            logger?.warn({ err: error, readings: batchSize(batch) }, 'pipeline batch failed, retrying');
            link.committed.resolve(false);
          },
        );
        previous = link;
        window.push({ batch, link });
        if (queued < maxBatch && !closing) break; // let the queue fill before the next batch
      }
      const attempt = window.shift();
      if (!attempt) break;
      if (!(await attempt.link.committed.promise)) failed.push(attempt.batch);
      if (window.length === 0) previous = null;
      if (failed.length > 0 && window.length === 0) {
        speculative.clear();
        const retry = failed;
        failed = [];
        for (const batch of retry) await flushWithRetry(batch, retryDelayMs);
      }
    }
  }

  async function flushWithRetry(batch: Slice[], firstDelayMs = 0): Promise<void> {
    const size = batchSize(batch);
    let delay = retryDelayMs;
    let failures = 0;
    if (firstDelayMs > 0) await sleep(firstDelayMs);
    for (;;) {
      try {
        const stored = await storeBatch(batch);
        afterCommit(batch, size, stored);
        return;
      } catch (error) {
        counters.retries += 1;
        failures += 1;
        logger?.warn({ err: error, readings: size, attempt: failures }, 'pipeline batch failed, retrying');
        if (closing && failures >= closeAttempts) {
          failBatch(batch, size, error);
          return;
        }
        await sleep(delay);
        delay = Math.min(delay * 2, maxRetryDelayMs);
      }
    }
  }

  /** Plans and writes one batch in one transaction; answers what it stored (memory not yet touched). */
  async function storeBatch(batch: Slice[], previous: Link | null = null, link: Link | null = null) {
    const { accepted, dropped } = await acceptReadings(
      directory,
      batch.flatMap((s) => s.readings),
    );

    const day = clock().toISOString().slice(0, 10);
    return database.db.transaction(async (tx) => {
      await previous?.planned.promise;
      // The committed state is re-read for every batch, not trusted from memory: another instance (or
      // another pipeline on this database) may have ingested these points since. One query per batch;
      // only points planned by this instance's uncommitted previous batch come from memory.
      const unplanned = new Set<number>();
      for (const a of accepted) if (!speculative.has(a.point.id)) unplanned.add(a.point.id);
      const committed =
        unplanned.size > 0 ? await repo.lockStates(tx, [...unplanned]) : new Map<number, PointState>();
      // planBatch sets the device of every state it takes, so a point never seen starts from device 0.
      const plan = planBatch(
        accepted,
        (pointId) => speculative.get(pointId) ?? committed.get(pointId) ?? emptyState(0),
      );
      let duplicates = 0;
      const markDuplicate = (i: number) => {
        duplicates += 1;
        plan.stored[plan.historyIndex[i]!]!.historied = false;
      };
      let history = plan.history;
      let historyIndexes: number[] | null = null; // null: history[k] is plan.history[k]
      if (link) {
        for (const [pointId, state] of plan.states) speculative.set(pointId, state);
        link.history = history;
        link.states = plan.states;
        link.planned.resolve();
        // A row the previous (uncommitted) batch writes too is a duplicate if it commits, and this
        // batch is rolled back if it does not; inserting it would wait on the other's lock.
        const overlap = previous ? historyOverlap(previous, history) : [];
        if (overlap.length > 0) {
          const skip = new Set(overlap);
          for (const i of overlap) markDuplicate(i);
          historyIndexes = history.map((_, i) => i).filter((i) => !skip.has(i));
          history = historyIndexes.map((i) => plan.history[i]!);
        }
      }
      const inserted = await repo.insertHistory(tx, history);
      if (inserted) {
        history.forEach((row, k) => {
          // Consumed on first use: a key twice in one batch is inserted once, the second a duplicate.
          if (!inserted.delete(`${row.pointId}:${row.ts}`)) markDuplicate(historyIndexes?.[k] ?? k);
        });
      }
      await previous?.written.promise;
      // After the previous batch's writes, like the latest values: concurrent batches then take the
      // dirty-minute keys in batch order (and in key order) and cannot deadlock on them.
      await repo.writeBatchState(tx, {
        states: plan.states,
        dirty: lateMinutes(history, clock().getTime()),
        day,
        perDevice: plan.perDevice,
      });
      link?.written.resolve();
      // Commit only on top of the previous batch: if it failed, this one is rolled back and retried.
      if (previous && !(await previous.committed.promise)) throw new Error('previous batch failed');
      return { plan, dropped, duplicates };
    });
  }

  function notify(to: Set<(batch: readonly StoredReading[]) => void>, stored: readonly StoredReading[]) {
    for (const listener of to) {
      try {
        listener(stored);
      } catch (error) {
        logger?.error({ err: error }, 'pipeline listener failed');
      }
    }
  }

  function afterCommit(batch: Slice[], size: number, result: Awaited<ReturnType<typeof storeBatch>>) {
    const { plan, dropped, duplicates } = result;
    for (const [pointId, state] of plan.states) {
      states.set(pointId, state);
      if (speculative.get(pointId) === state) speculative.delete(pointId);
    }
    counters.batches += 1;
    counters.stored += plan.stored.length;
    counters.historied += plan.history.length - duplicates;
    counters.duplicates += duplicates;
    counters.dropped += dropped;
    counters.pending -= size;
    for (const slice of batch) {
      slice.caller.left -= slice.readings.length;
      if (slice.caller.left === 0) slice.caller.resolve();
    }
    releaseRoom();
    if (plan.stored.length > 0) notify(listeners, plan.stored);
  }

  function failBatch(batch: Slice[], size: number, error: unknown) {
    counters.pending -= size;
    const failure = new PipelineClosedError();
    failure.cause = error;
    for (const slice of batch) {
      slice.caller.left = -1; // never resolves now
      slice.caller.reject(failure);
    }
    releaseRoom();
  }

  return {
    async ingest(readings) {
      if (closed) throw new PipelineClosedError();
      if (readings.length === 0) return;
      while (counters.pending >= maxPending) {
        await new Promise<void>((resolve) => roomWaiters.push(resolve));
        if (closed) throw new PipelineClosedError();
      }
      counters.received += readings.length;
      counters.pending += readings.length;
      return new Promise<void>((resolve, reject) => {
        queue.push({ caller: { left: readings.length, resolve, reject }, readings: [...readings] });
        queued += readings.length;
        schedule();
      });
    },

    async latestOf(deviceId: number): Promise<LatestValue[]> {
      const fromTable = await repo.latestOf(database.db, deviceId);
      // Memory holds what this instance committed; it is never older than the row it mirrors.
      return fromTable.map((row) => {
        const state = states.get(row.pointId);
        if (!state || state.ts < row.ts) return row;
        return { pointId: row.pointId, ts: state.ts, value: state.text ?? state.value };
      });
    },

    onStored(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    counters: () => ({ ...counters }),

    async close() {
      if (closed) return;
      closed = true;
      closing = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = undefined;
      // Readers waiting for room will never get it: refuse them.
      const waiters = roomWaiters;
      roomWaiters = [];
      for (const wake of waiters) wake();
      while (flushing || queued > 0) {
        if (!flushing) flushing = runFlushes();
        await flushing;
      }
      const rest = queue;
      queue = [];
      queued = 0;
      for (const slice of rest) slice.caller.reject(new PipelineClosedError());
    },
  };
}
