import { integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Device models (products). owner_user_id null = a platform model visible to everyone. */
export const deviceModels = pgTable('device_models', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  protocol: smallint('protocol'),
  gatewayProtocol: text('gateway_protocol'),
  templateId: integer('template_id'),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
