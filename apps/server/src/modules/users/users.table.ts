import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Users form a tree (DESIGN 6): `path` holds the ancestor ids including the user's own,
 * e.g. '/1/7/12/', so "my subtree" is `path LIKE '/1/7/%'` on an indexed column.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    path: text('path').notNull(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    userType: smallint('user_type').notNull(),
    status: smallint('status').notNull().default(1),
    nickName: text('nick_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    company: text('company'),
    address: text('address'),
    userExpire: timestamp('user_expire', { withTimezone: true }),
    bigscreenTitle: text('bigscreen_title'),
    isSubuser: boolean('is_subuser').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    // Resource limits (SPEC 3); null = no limit.
    projectLimit: integer('project_limit'),
    deviceLimit: integer('device_limit'),
    scadaLimit: integer('scada_limit'),
    screenLimit: integer('screen_limit'),
    graphLimit: integer('graph_limit'),
    smsCount: integer('sms_count'),
    voiceCount: integer('voice_count'),
    // Fees (SPEC 3): money in cents, discounts in percent.
    rentFee: integer('rent_fee').notNull().default(0),
    smsDiscount: integer('sms_discount').notNull().default(100),
    voiceDiscount: integer('voice_discount').notNull().default(100),
    scadaDiscount: integer('scada_discount').notNull().default(100),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_path_idx').using('btree', t.path.op('text_pattern_ops')),
    index('users_parent_idx').on(t.parentId),
  ],
);

/** Roles; owner_user_id null = a system role (admin, demo). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remark: text('remark'),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('roles_owner_name_uq').on(t.ownerUserId, t.name).nullsNotDistinct()],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
