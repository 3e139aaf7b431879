import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.table.js';

/**
 * Notices to one signed-in user, shown in the web app (issue 22: a work order dispatched to them, due
 * soon, overdue). `subject` names the feature and `subject_id` the row (`work_order`, 17); `dedupe_key`
 * makes a notice idempotent, so a leader tick that runs twice (or on a new leader) never notifies twice.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('user_notices_dedupe_uq').on(t.userId, t.dedupeKey),
    index('user_notices_user_idx').on(t.userId, t.subject, t.createdAt),
  ],
);
