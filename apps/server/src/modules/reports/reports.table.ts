import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { exportJobs } from '../exports/exports.table.js';
import { users } from '../users/users.table.js';

/**
 * Scheduled data reports (issue 6): every day, week or month the report of the period that just ended is
 * exported and e-mailed to the contacts. `params` is the data report query without the time range.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'day' | 'week' | 'month' */
    period: text('period').notNull(),
    params: jsonb('params').notNull(),
    /** Minutes after the period's end (in `tz`) at which the report is built, 0-1439. */
    sendAtMinute: integer('send_at_minute').notNull().default(60),
    tz: text('tz').notNull().default('UTC'),
    lang: text('lang').notNull().default('zh'),
    /** Contact ids (trigger contacts of the same owner) that receive the file by e-mail. */
    contactIds: jsonb('contact_ids').notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, precision: 3 }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, precision: 3 }),
    lastExportId: integer('last_export_id').references(() => exportJobs.id, { onDelete: 'set null' }),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx').on(t.enabled, t.nextRunAt),
    index('report_schedules_user_idx').on(t.userId),
  ],
);
