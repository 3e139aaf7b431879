import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Named platform options (alarm_levels, modules, ...). */
export const options = pgTable('options', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
