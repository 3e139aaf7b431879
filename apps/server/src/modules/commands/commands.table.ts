import type { CommandStatus } from '@fleet/contracts';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { dataPoints, devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';

/**
 * A write to a point (or a refresh) with the SPEC 4 status lifecycle:
 * create -> send -> resp | fail | networkError | error; notAuthorized when refused before sending.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').references(() => dataPoints.id, { onDelete: 'set null' }),
    /** 'write' | 'refresh' */
    kind: text('kind').notNull(),
    /** The value as the user sent it (number, string or boolean). */
    value: jsonb('value').$type<number | string | boolean | null>(),
    status: text('status').$type<CommandStatus>().notNull(),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.id)],
);
