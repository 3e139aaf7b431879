import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.table.js';

/** Online/offline log of SPEC 7 (`GET /device/onofflinelog`). status 1 online, 0 offline. */
export const deviceOnofflineLog = pgTable(
  'device_onoffline_log',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    /** 'mqtt' | 'dtu' | 'http' */
    via: text('via').notNull(),
    /** Why it went offline: 'closed', 'heartbeat', 'replaced', 'kicked', 'silent', 'shutdown'; '' when online. */
    reason: text('reason').notNull().default(''),
    remoteAddress: text('remote_address').notNull().default(''),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('device_onoffline_log_device_at_idx').on(t.deviceId, t.at),
    index('device_onoffline_log_at_idx').on(t.at),
  ],
);

/** Signal quality (CSQ 0-31, 99 unknown) as reported by the gateway. */
export const deviceSignal = pgTable(
  'device_signal',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    csq: smallint('csq').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('device_signal_device_at_idx').on(t.deviceId, t.at)],
);
