import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dataPoints, devices } from '../devices/devices.table.js';
import { triggers } from '../triggers/triggers.table.js';
import { users } from '../users/users.table.js';

/**
 * Alarm log (SPEC 3). An alarm row is open while `recovered_at` is null; at most one open alarm per
 * trigger (partial unique index). When it recovers a second row of alarm_type 3 (alarm recovered)
 * records the recovery and points back at it through `recovers_id`.
 */
export const alarmLog = pgTable(
  'alarm_log',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    triggerId: integer('trigger_id').references(() => triggers.id, { onDelete: 'set null' }),
    pointId: integer('point_id').references(() => dataPoints.id, { onDelete: 'set null' }),
    /** SPEC 4 alarm type code. */
    alarmType: smallint('alarm_type').notNull(),
    level: smallint('level').notNull().default(0),
    /** SPEC 3: 0 unhandled, 1 handled, 2 false alarm. */
    status: smallint('status').notNull().default(0),
    /** SPEC 3: 0 not dispatched, 1 dispatched. */
    dispatchStatus: smallint('dispatch_status').notNull().default(0),
    /** SPEC 3: device online state when recorded, 0 offline, 1 online. */
    online: smallint('online').notNull().default(1),
    /** 'limit' | 'code' | 'stale' | 'offline' | 'recovered' */
    cause: text('cause').notNull(),
    value: doublePrecision('value'),
    /** The point's name and title when recorded (the point may be renamed or deleted later). */
    pointName: text('point_name').notNull().default(''),
    pointTitle: text('point_title').notNull().default(''),
    /** SPEC 4 threshold display when recorded, e.g. '> 80' or '10 ~ 20'. */
    threshold: text('threshold').notNull().default(''),
    message: text('message').notNull().default(''),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    /** Set on the alarm row when it recovered; null = open. Recovery rows are born recovered. */
    recoveredAt: timestamp('recovered_at', { withTimezone: true, precision: 3 }),
    recoversId: integer('recovers_id'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true, precision: 3 }),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('alarm_log_at_idx').on(t.at),
    index('alarm_log_device_at_idx').on(t.deviceId, t.at),
    uniqueIndex('alarm_log_open_trigger_uq')
      .on(t.triggerId)
      .where(sql`${t.recoveredAt} is null and ${t.triggerId} is not null`),
  ],
);
