import type { CustomScreenDocument } from '@fleet/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Custom monitoring screens (issue 23 item 2, docs/custom-screens.md). `document` is what
 * `customScreenDocument` parsed; `version` counts document saves and is the optimistic lock of a save
 * (DESIGN 12: a stale save is refused, never overwritten).
 *
 * The external link's secret (random, 32 bytes base64url) is shown once, in the answer that makes it;
 * the column `share_token` keeps only its SHA-256 (hex), so a dump of the table opens no screen (like
 * the device secrets, DESIGN 7). Null means no link; replacing or clearing it revokes the old one.
 * `shared_at` is when the current link was made (the list says since when a link is out).
 */
export const customScreens = pgTable(
  'custom_screens',
  {
    id: serial('id').primaryKey(),
    /** The data owner the screen belongs to (a sub-account creates in its parent's data). */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    document: jsonb('document').$type<CustomScreenDocument>().notNull(),
    version: integer('version').notNull().default(1),
    published: boolean('published').notNull().default(false),
    /** SHA-256 hex of the link's token (the column kept its name when migration 0030 hashed it in place). */
    shareTokenHash: text('share_token'),
    sharedAt: timestamp('shared_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_screens_owner_idx').on(t.ownerUserId),
    uniqueIndex('custom_screens_share_token_idx').on(t.shareTokenHash),
  ],
);
