import type { TemplateContent } from '@fleet/contracts';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Stored content: the slaves or points, and the area family the points were checked against. */
export type StoredTemplate = TemplateContent & { gateway_protocol: string | null };

/**
 * Device templates (kind 'device': points of a direct device) and gateway templates (kind 'gateway':
 * slaves with their points). owner_user_id null = a platform template visible to everyone;
 * builtin_key names a template seeded by the platform (the meter catalogue).
 */
export const deviceTemplates = pgTable('device_templates', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  builtinKey: text('builtin_key').unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<'device' | 'gateway'>().notNull(),
  remark: text('remark').notNull().default(''),
  version: integer('version').notNull().default(1),
  content: jsonb('content').$type<StoredTemplate>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
