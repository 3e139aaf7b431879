import type { Logger } from 'pino';
import type { Database } from '../../platform/db/client.js';
import { ROLLUP_LEVELS, rollupRepository as repo } from './rollup.repository.js';

const MINUTE = ROLLUP_LEVELS['1m'].ms;
const QUARTER = ROLLUP_LEVELS['15m'].ms;
/** A minute is rolled up once it ended this long ago; the pipeline marks readings older than LATE_MS dirty. */
export const CLOSE_AFTER_MS = 30_000;
export const LATE_MS = 20_000;
/**
 * Time rolled per pass while catching up: adapted to the measured speed so a pass takes about
 * PASS_TARGET_MS (PGlite has one connection, which the API waits for), within [15 min, 1 day].
 */
const CHUNK_MIN = QUARTER;
const CHUNK_MAX = 86_400_000;
const PASS_TARGET_MS = 200;
const DIRTY_PER_PASS = 5_000;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

export interface RollupJob {
  /** One pass (one transaction); answers true when more work is waiting. */
  pass(): Promise<boolean>;
  /** Rolls up everything stored so far (until the close-after margin of the clock). */
  catchUp(): Promise<void>;
  /**
   * Passes back to back until caught up, failures logged: the leader's tick (every 10 s, registered
   * with the device side on the job layer, so one instance rolls up).
   */
  runPending(): Promise<unknown>;
  close(): Promise<void>;
}

/** Keeps point_rollup_1m / _15m up to date (docs/api-datacenter.md "Rollups"); the timer is the job layer's. */
export function createRollupJob(deps: { database: Database; clock: () => Date; logger?: Logger }): RollupJob {
  const { database, clock, logger } = deps;
  let chunk = 3_600_000;
  let current: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function pass(): Promise<boolean> {
    const began = performance.now();
    const used = chunk;
    const more = await database.db.transaction(async (tx) => {
      if (!(await repo.tryLock(tx))) return false;
      const closedUntil = floorTo(clock().getTime() - CLOSE_AFTER_MS, MINUTE);
      const state = await repo.doneUntil(tx);
      let minutesDone = state['1m'];
      if (minutesDone === undefined) {
        const oldest = await repo.oldestReading(tx);
        minutesDone = floorTo(oldest ?? closedUntil, QUARTER);
        await repo.setDoneUntil(tx, '1m', minutesDone);
        await repo.setDoneUntil(tx, '15m', minutesDone);
      }
      let more = false;
      const points = await repo.pointIds(tx);
      const to = Math.min(closedUntil, minutesDone + chunk);
      if (to > minutesDone) {
        await repo.rollMinutes(tx, minutesDone, to, points);
        await repo.setDoneUntil(tx, '1m', to);
        minutesDone = to;
        more = to < closedUntil;
      }
      const quartersDone = state['15m'] ?? floorTo(minutesDone, QUARTER);
      const quartersTo = Math.min(floorTo(minutesDone, QUARTER), quartersDone + chunk);
      if (quartersTo > quartersDone) {
        await repo.rollQuarters(tx, quartersDone, quartersTo, points);
        await repo.setDoneUntil(tx, '15m', quartersTo);
        more ||= quartersTo < floorTo(minutesDone, QUARTER);
      }
      const dirty = await repo.takeDirty(tx, DIRTY_PER_PASS);
      await redoDirty(tx, dirty, minutesDone, quartersTo > quartersDone ? quartersTo : quartersDone);
      return more || dirty.length === DIRTY_PER_PASS;
    });
    if (more) {
      const took = Math.max(1, performance.now() - began);
      const next = floorTo((used / took) * PASS_TARGET_MS, QUARTER);
      chunk = floorTo(Math.min(CHUNK_MAX, Math.max(CHUNK_MIN, next, used / 4), used * 4), QUARTER);
    }
    return more;
  }

  /** Re-rolls, per point, the span of minutes that got late readings (only what is already rolled up). */
  async function redoDirty(
    tx: Parameters<typeof repo.rollMinutes>[0],
    dirty: readonly { pointId: number; minute: number }[],
    minutesDone: number,
    quartersDone: number,
  ) {
    const spans = new Map<number, { from: number; to: number }>();
    for (const { pointId, minute } of dirty) {
      if (minute >= minutesDone) continue; // the regular pass rolls it
      const span = spans.get(pointId);
      if (!span) spans.set(pointId, { from: minute, to: minute + MINUTE });
      else {
        span.from = Math.min(span.from, minute);
        span.to = Math.max(span.to, minute + MINUTE);
      }
    }
    for (const [pointId, { from, to }] of spans) {
      await repo.rollMinutes(tx, from, to, [pointId]);
      const qFrom = floorTo(from, QUARTER);
      const qTo = Math.min(floorTo(to - 1, QUARTER) + QUARTER, quartersDone);
      if (qTo > qFrom) await repo.rollQuarters(tx, qFrom, qTo, [pointId]);
    }
  }

  /** Runs passes back to back (yielding between them) until caught up; one run at a time. */
  function run(): Promise<unknown> {
    current = current.then(async () => {
      try {
        while (!closed && (await pass())) await new Promise((resolve) => setImmediate(resolve));
      } catch (error) {
        logger?.error({ err: error }, 'history rollup failed');
      }
    });
    return current;
  }

  return {
    pass,
    async catchUp() {
      await current;
      while (await pass()) {}
    },
    runPending: run,
    async close() {
      closed = true;
      await current;
    },
  };
}
