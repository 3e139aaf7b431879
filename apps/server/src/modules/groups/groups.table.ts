import { doublePrecision, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** A device group (SPEC "device management ... groups"), owned by a data owner; names unique per owner. */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('device_groups_owner_name_uq').on(t.ownerUserId, t.name)],
);

/** A project (SPEC "project center"): a site with an address and a contact. */
export const deviceProjects = pgTable(
  'device_projects',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('device_projects_owner_name_uq').on(t.ownerUserId, t.name)],
);
