import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userNotices } from '../../platform/notices/user-notices.table.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { exportJobs } from '../exports/exports.table.js';
import { triggers } from '../triggers/triggers.table.js';
import { users } from '../users/users.table.js';

/** Trigger contacts (SPEC 2.3 /trigger/contact), owned by an account like devices. */
export const contacts = pgTable(
  'trigger_contacts',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 'generic' | 'wecom' | 'dingtalk' | 'feishu'; '' = no webhook. */
    webhookKind: text('webhook_kind').notNull().default(''),
    webhookUrl: text('webhook_url').notNull().default(''),
    /** Signing secret of DingTalk / Feishu robots; never answered by the API. */
    webhookSecret: text('webhook_secret').notNull().default(''),
    emailEnabled: boolean('email_enabled').notNull().default(false),
    webhookEnabled: boolean('webhook_enabled').notNull().default(false),
    /** SMS and text-to-speech calls to `phone` (issue 21); each send uses one unit of the owner's quota. */
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    voiceEnabled: boolean('voice_enabled').notNull().default(false),
    /**
     * Storm cap for SMS and voice: at most this many alarm notices per channel in `storm_window_s`;
     * the notice that hits the cap is replaced by one digest. 0 = no cap.
     */
    stormCap: integer('storm_cap').notNull().default(10),
    stormWindowS: integer('storm_window_s').notNull().default(3600),
    /**
     * Escalation level (issue 21 item 3): 0 = notified when the alarm is raised; N > 0 = notified only
     * when an alarm of a linked trigger is still unhandled N minutes later (the escalation job queues it).
     */
    escalateAfterMin: integer('escalate_after_min').notNull().default(0),
    /** Throttle: at most one notice per channel within this many seconds; 0 = no limit. */
    minIntervalS: integer('min_interval_s').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Service expiry notices (issue 20 item 4): the owner's devices 30, 7 and 1 days before their
     * expiry, by e-mail and / or SMS as the channel switches say. Off unless chosen: an alarm contact
     * (a technician) is not a billing contact by default.
     */
    expiryNotices: boolean('expiry_notices').notNull().default(false),
    /** Language of the notices sent to this contact: 'zh' | 'en' | 'es'. */
    language: text('language').notNull().default('zh'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('trigger_contacts_owner_idx').on(t.ownerUserId)],
);

/** Which contacts a trigger notifies. */
export const triggerContactLinks = pgTable(
  'trigger_contact_links',
  {
    triggerId: integer('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.triggerId, t.contactId] }),
    index('trigger_contact_links_contact_idx').on(t.contactId),
  ],
);

/**
 * Outbox of notices (and their delivery log): one row per contact, channel and alarm, written in the
 * alarm's transaction, sent by the notice worker with retries.
 * status: 'pending' | 'sending' | 'sent' | 'failed' (gave up) | 'throttled' (suppressed by the contact's limit).
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** null for a test notice. */
    alarmId: integer('alarm_id').references(() => alarmLog.id, { onDelete: 'cascade' }),
    /** Set for a scheduled report: the export whose file is attached (e-mail only). */
    exportId: integer('export_id').references(() => exportJobs.id, { onDelete: 'cascade' }),
    /** Set for a service expiry notice: the owner's in-app notice it repeats (e-mail or SMS). */
    userNoticeId: integer('user_notice_id').references(() => userNotices.id, { onDelete: 'cascade' }),
    /** 'email' | 'webhook' */
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    /** SMS / voice: the provider's id of the accepted message (receipts refer to it). */
    providerId: text('provider_id'),
    /** SMS / voice: the provider's last answer (code and message, never a secret). */
    providerAnswer: text('provider_answer').notNull().default(''),
    /** SMS / voice delivery receipt: '' (none yet) | 'delivered' | 'failed'. */
    receiptStatus: text('receipt_status').notNull().default(''),
    receiptAt: timestamp('receipt_at', { withTimezone: true, precision: 3 }),
    /** SMS / voice: the ledger idempotency keys of the quota units reserved for this send. */
    quotaKeys: jsonb('quota_keys').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Set on a storm digest: how many alarm notices it stands for. */
    digestCount: integer('digest_count'),
    /**
     * SMS / voice alarm notices: when it took one of its contact's storm-cap slots (decided with the
     * contact row locked, so several workers or instances never send past the cap); null = no slot.
     */
    stormCountedAt: timestamp('storm_counted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('notice_outbox_provider_idx').on(t.providerId),
    index('notice_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('notice_outbox_contact_idx').on(t.contactId, t.createdAt),
    index('notice_outbox_storm_idx').on(t.contactId, t.channel, t.stormCountedAt),
  ],
);
