import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Platform-level SMS and voice provider settings (issue 21, docs/notices.md): one row per channel
 * ('sms' | 'voice'). `access_key_secret` is sealed by the SecretBox (`sb1:`) and never answered;
 * `receipt_token` is the unguessable path segment of the delivery receipt route.
 */
export const smsProviderSettings = pgTable('sms_provider_settings', {
  channel: text('channel').primaryKey(),
  provider: text('provider').notNull(),
  accessKeyId: text('access_key_id').notNull(),
  accessKeySecret: text('access_key_secret').notNull(),
  endpoint: text('endpoint').notNull().default(''),
  region: text('region').notNull().default(''),
  sdkAppId: text('sdk_app_id').notNull().default(''),
  signName: text('sign_name').notNull().default(''),
  showNumber: text('show_number').notNull().default(''),
  playTimes: smallint('play_times').notNull().default(2),
  /** Template (SMS) or TTS code (voice) per notice kind: alarm, recovery, test, code. */
  templates: jsonb('templates').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  receiptToken: text('receipt_token').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * Verification codes for phone sign-in and binding (issue 21 item 4). The code itself is never
 * stored: `code_hmac` is HMAC-SHA256 over purpose, phone and code. One live code per phone and
 * purpose (older ones are closed when a new one is sent); rows stay as the record the send limits count.
 * purpose: 'login' | 'bind'; for 'bind' `user_id` is the user binding the phone.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The tenant (top-level account of the user the phone belongs to), for the per-tenant limit. */
    tenantId: integer('tenant_id'),
    clientIp: text('client_ip').notNull().default(''),
    codeHmac: text('code_hmac').notNull(),
    tries: smallint('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Set when used, superseded or tried too often: the code no longer signs anyone in. */
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    index('phone_codes_ip_idx').on(t.clientIp, t.createdAt),
    index('phone_codes_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Verified phone numbers (issue 21 item 4): bound with a code in the profile, used for phone sign-in.
 * One user per number and one number per user; stored in E.164.
 */
export const phoneBindings = pgTable('phone_bindings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull().unique(),
  boundAt: timestamp('bound_at', { withTimezone: true, precision: 3 }).notNull(),
});
