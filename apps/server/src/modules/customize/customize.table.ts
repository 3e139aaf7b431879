import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Per-domain branding (SPEC 1). `domain` is stored lower-case without a port. */
export const customize = pgTable('customize', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  platformTitle: text('platform_title'),
  bigscreenTitle: text('bigscreen_title'),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
