import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.table.js';

/**
 * Link health per device: malformed frames dropped, Modbus exception answers and requests left
 * unanswered, totals since the device was created. Every instance adds its increments here every
 * ~10 s (the connection lives on one instance, the device detail may be read on another).
 */
export const deviceCounters = pgTable('device_counters', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  malformed: bigint('malformed', { mode: 'number' }).notNull().default(0),
  exceptions: bigint('exceptions', { mode: 'number' }).notNull().default(0),
  timeouts: bigint('timeouts', { mode: 'number' }).notNull().default(0),
  lastMalformedAt: timestamp('last_malformed_at', { withTimezone: true }),
  lastExceptionAt: timestamp('last_exception_at', { withTimezone: true }),
  lastTimeoutAt: timestamp('last_timeout_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
