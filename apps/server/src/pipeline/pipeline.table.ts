import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dataPoints, devices } from '../modules/devices/devices.table.js';

/**
 * Latest value of every point (DESIGN 7): one row per point, upserted per batch; a reading older than
 * the stored one never overwrites it (out-of-order arrival). `stored_*` remember the last reading that
 * went to history, which the timed and on-change storage modes compare against.
 */
export const pointLatest = pgTable(
  'point_latest',
  {
    pointId: integer('point_id')
      .primaryKey()
      .references(() => dataPoints.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    value: doublePrecision('value'),
    text: text('text'),
    storedTs: timestamp('stored_ts', { withTimezone: true, precision: 3 }),
    storedValue: doublePrecision('stored_value'),
  },
  (t) => [index('point_latest_device_idx').on(t.deviceId)],
);

/**
 * History (DESIGN 7): one narrow row per stored reading, unique on (point_id, ts). The migration
 * creates it PARTITION BY RANGE (ts) with monthly partitions and a default partition; no foreign
 * key (partitioned, write-heavy), rows of deleted points are removed by retention.
 * `value` holds numbers (booleans as 0/1), `text` string values.
 */
export const pointHistory = pgTable(
  'point_history',
  {
    pointId: integer('point_id').notNull(),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    value: doublePrecision('value'),
    text: text('text'),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.ts] })],
);

/** Running counter of readings stored, per device and day, for "data volume" figures. */
export const ingestCounters = pgTable(
  'ingest_counters',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    readings: bigint('readings', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
