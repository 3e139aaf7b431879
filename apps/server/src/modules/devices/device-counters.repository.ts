import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { deviceCounters } from './device-counters.table.js';

/** Increments of one device since the last flush, with the time of the last event of each kind. */
export interface CounterIncrement {
  deviceId: number;
  malformed: number;
  exceptions: number;
  timeouts: number;
  lastMalformedAt: Date | null;
  lastExceptionAt: Date | null;
  lastTimeoutAt: Date | null;
}

export interface DeviceCountersRow {
  malformed: number;
  exceptions: number;
  timeouts: number;
  lastMalformedAt: Date | null;
  lastExceptionAt: Date | null;
  lastTimeoutAt: Date | null;
}

const ts = (d: Date | null) => (d === null ? sql`NULL::timestamptz` : sql`${d.toISOString()}::timestamptz`);

export function createDeviceCountersRepository(db: Executor) {
  return {
    /**
     * Adds the increments in one statement (col = col + excluded.col; the last times keep the
     * latest). Devices deleted since the events were counted are left out.
     */
    async add(increments: readonly CounterIncrement[], now: Date, tx: Executor = db): Promise<void> {
      if (increments.length === 0) return;
      const rows = sql.join(
        increments.map(
          (i) =>
            sql`(${i.deviceId}::integer, ${i.malformed}::bigint, ${i.exceptions}::bigint, ${i.timeouts}::bigint, ${ts(i.lastMalformedAt)}, ${ts(i.lastExceptionAt)}, ${ts(i.lastTimeoutAt)})`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        INSERT INTO device_counters AS c
          (device_id, malformed, exceptions, timeouts, last_malformed_at, last_exception_at, last_timeout_at, updated_at)
        SELECT v.device_id, v.malformed, v.exceptions, v.timeouts, v.lm, v.le, v.lt, ${now.toISOString()}::timestamptz
        FROM (VALUES ${rows}) AS v(device_id, malformed, exceptions, timeouts, lm, le, lt)
        WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = v.device_id)
        ON CONFLICT (device_id) DO UPDATE SET
          malformed = c.malformed + excluded.malformed,
          exceptions = c.exceptions + excluded.exceptions,
          timeouts = c.timeouts + excluded.timeouts,
          last_malformed_at = GREATEST(c.last_malformed_at, excluded.last_malformed_at),
          last_exception_at = GREATEST(c.last_exception_at, excluded.last_exception_at),
          last_timeout_at = GREATEST(c.last_timeout_at, excluded.last_timeout_at),
          updated_at = excluded.updated_at`);
    },

    /** The device's totals; undefined when nothing was ever recorded. */
    async byDevice(deviceId: number, tx: Executor = db): Promise<DeviceCountersRow | undefined> {
      const [row] = await tx
        .select({
          malformed: deviceCounters.malformed,
          exceptions: deviceCounters.exceptions,
          timeouts: deviceCounters.timeouts,
          lastMalformedAt: deviceCounters.lastMalformedAt,
          lastExceptionAt: deviceCounters.lastExceptionAt,
          lastTimeoutAt: deviceCounters.lastTimeoutAt,
        })
        .from(deviceCounters)
        .where(eq(deviceCounters.deviceId, deviceId));
      return row;
    },
  };
}

export type DeviceCountersRepository = ReturnType<typeof createDeviceCountersRepository>;
