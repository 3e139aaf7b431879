import type { ScadaDocument } from '@fleet/scada-model';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { deviceTemplates } from '../templates/templates.table.js';
import { users } from '../users/users.table.js';

/**
 * SCADA apps (kind 'app': a drawing bound to real devices' point ids, one or more pages) and templates
 * (kind 'template': bound by point name to the device template `template_id`). docs/api-scada.md.
 * `document` is what `loadDocument` returned (migrated and validated); `version` counts document saves
 * and is the optimistic lock of a save.
 */
export const scadaApps = pgTable(
  'scada_apps',
  {
    id: serial('id').primaryKey(),
    /** The data owner the drawing belongs to (a sub-account creates in its parent's data). */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'app' | 'template'>().notNull(),
    name: text('name').notNull(),
    templateId: integer('template_id').references(() => deviceTemplates.id, { onDelete: 'set null' }),
    document: jsonb('document').$type<ScadaDocument>().notNull(),
    version: integer('version').notNull().default(1),
    /** A `data:image/png;base64,` URL of at most ~200 KB, or null. */
    thumbnail: text('thumbnail'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('scada_apps_owner_idx').on(t.ownerUserId), index('scada_apps_template_idx').on(t.templateId)],
);
