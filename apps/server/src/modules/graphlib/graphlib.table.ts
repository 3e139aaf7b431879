import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** A user's own folder of uploaded symbols (docs/api-scada.md "Graph library"). */
export const graphlibCategories = pgTable(
  'graphlib_categories',
  {
    id: serial('id').primaryKey(),
    /** The data owner the category belongs to (a sub-account creates in its parent's data). */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('graphlib_categories_owner_name_idx').on(t.ownerUserId, t.name)],
);

/**
 * One uploaded SVG or PNG. The bytes live in the content-addressed store under DATA_DIR/graphlib by
 * `hash` (sha256 of the stored bytes, i.e. of the sanitised SVG), so rows sharing content share a file;
 * the file goes when its last row does. The owner is the category's owner.
 */
export const graphlibItems = pgTable(
  'graphlib_items',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => graphlibCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'svg' | 'png'>().notNull(),
    hash: text('hash').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('graphlib_items_owner_idx').on(t.ownerUserId),
    index('graphlib_items_category_idx').on(t.categoryId),
    index('graphlib_items_hash_idx').on(t.hash),
  ],
);
