import type { Logger } from 'pino';
import type { CounterIncrement, LinkCounterStore } from '../modules/devices/link-counters.service.js';

export type LinkProblem = 'malformed' | 'exception' | 'timeout';

/**
 * Link health per device (malformed frames dropped, Modbus exception answers, requests left
 * unanswered). The gateways count here in memory; `flush()` adds the increments to the
 * device_counters table in one statement, every ~10 s and on close, so any instance can answer
 * the device detail (DESIGN 2).
 */
export interface DeviceCounters {
  record(deviceId: number, problem: LinkProblem): void;
  /** Writes the increments counted since the last flush; failed writes are kept for the next one. */
  flush(): Promise<void>;
  /** Stops the timer and flushes what is left. */
  close(): Promise<void>;
}

export interface DeviceCountersOptions {
  repository: Pick<LinkCounterStore, 'add'>;
  clock: () => Date;
  logger?: Logger;
  /** Flush period; 0 disables the timer (flush on demand and on close only). Default 10 s. */
  intervalMs?: number;
}

const fresh = (deviceId: number): CounterIncrement => ({
  deviceId,
  malformed: 0,
  exceptions: 0,
  timeouts: 0,
  lastMalformedAt: null,
  lastExceptionAt: null,
  lastTimeoutAt: null,
});

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a > b ? a : b);

function merge(into: CounterIncrement, from: CounterIncrement): void {
  into.malformed += from.malformed;
  into.exceptions += from.exceptions;
  into.timeouts += from.timeouts;
  into.lastMalformedAt = later(into.lastMalformedAt, from.lastMalformedAt);
  into.lastExceptionAt = later(into.lastExceptionAt, from.lastExceptionAt);
  into.lastTimeoutAt = later(into.lastTimeoutAt, from.lastTimeoutAt);
}

export function createDeviceCounters(options: DeviceCountersOptions): DeviceCounters {
  const { repository, clock, logger } = options;
  let pending = new Map<number, CounterIncrement>();
  let flushing: Promise<void> = Promise.resolve();
  const intervalMs = options.intervalMs ?? 10_000;
  const timer = intervalMs > 0 ? setInterval(() => void flush(), intervalMs) : null;
  timer?.unref();

  function write(): Promise<void> {
    if (pending.size === 0) return Promise.resolve();
    const batch = pending;
    pending = new Map();
    return repository.add([...batch.values()], clock()).catch((error: unknown) => {
      logger?.warn(
        { err: error, devices: batch.size },
        'device counters not stored, kept for the next flush',
      );
      for (const [id, increment] of batch) {
        const current = pending.get(id);
        if (current) merge(current, increment);
        else pending.set(id, increment);
      }
    });
  }

  /** One write at a time; a flush asked for during a write runs after it. */
  function flush(): Promise<void> {
    flushing = flushing.then(write);
    return flushing;
  }

  return {
    record(deviceId, problem) {
      let entry = pending.get(deviceId);
      if (!entry) {
        entry = fresh(deviceId);
        pending.set(deviceId, entry);
      }
      const now = clock();
      if (problem === 'malformed') {
        entry.malformed++;
        entry.lastMalformedAt = now;
      } else if (problem === 'exception') {
        entry.exceptions++;
        entry.lastExceptionAt = now;
      } else {
        entry.timeouts++;
        entry.lastTimeoutAt = now;
      }
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
