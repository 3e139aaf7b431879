import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dataPoints, devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';

/**
 * A trigger (docs/api-alarms.md): what raises an alarm on one device. `kind`:
 * - 'limit': a point's value against `optype` 1-7 and lolmt/uplmt; `alarm_type` 1 (over-limit) or 2
 *   (change-of-state), with a deadband and a minimum duration;
 * - 'code': a point carrying the fire-alarm codes 101-108 a device reports (0 = clear);
 * - 'stale': a point without a new reading for `stale_s` seconds;
 * - 'offline': the device offline for `delay_s` seconds (no point).
 */
export const triggers = pgTable(
  'triggers',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** null only for kind 'offline'. */
    pointId: integer('point_id').references(() => dataPoints.id, { onDelete: 'cascade' }),
    /** The user who created it (audit); visibility follows the device. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    kind: text('kind').$type<'limit' | 'code' | 'stale' | 'offline'>().notNull(),
    /** SPEC 4 alarm type raised by a 'limit' trigger: 1 over-limit or 2 change-of-state. */
    alarmType: smallint('alarm_type').notNull().default(1),
    /** SPEC 4 trigger_optype 1-7 (kind 'limit'). */
    optype: smallint('optype').notNull().default(0),
    lolmt: doublePrecision('lolmt'),
    uplmt: doublePrecision('uplmt'),
    /** Value of the alarm_levels option (1-4 by default). */
    level: smallint('level').notNull().default(2),
    /** Hysteresis: the value must come back this far inside the limit before the alarm recovers. */
    deadband: doublePrecision('deadband').notNull().default(0),
    /** Minimum duration (seconds) the condition must hold before the alarm is raised. */
    delayS: integer('delay_s').notNull().default(0),
    /** kind 'stale': seconds without a reading. */
    staleS: integer('stale_s').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Send notices to the trigger's contacts. */
    notify: boolean('notify').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('triggers_device_idx').on(t.deviceId), index('triggers_point_idx').on(t.pointId)],
);
