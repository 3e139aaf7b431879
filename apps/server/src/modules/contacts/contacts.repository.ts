import type { ContactQuery, NoticeChannel } from '@fleet/contracts';
import { and, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { smsProviderSettings } from '../sms/sms.table.js';
import { users } from '../users/users.table.js';
import { contacts, noticeOutbox, triggerContactLinks } from './contacts.table.js';

export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'ownerUserId' | 'createdAt'>;

/** Contacts are visible to the data subtree of their owner (the device rule without assignments). */
const visible = (scope: Scope): SQL => ownerPathInScope(scope);

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  webhookKind: contacts.webhookKind,
  webhookUrl: contacts.webhookUrl,
  // The secret itself never leaves the repository through the API path.
  hasWebhookSecret: sql<boolean>`(${contacts.webhookSecret} <> '')`,
  emailEnabled: contacts.emailEnabled,
  webhookEnabled: contacts.webhookEnabled,
  smsEnabled: contacts.smsEnabled,
  voiceEnabled: contacts.voiceEnabled,
  expiryNotices: contacts.expiryNotices,
  minIntervalS: contacts.minIntervalS,
  stormCap: contacts.stormCap,
  stormWindowS: contacts.stormWindowS,
  escalateAfterMin: contacts.escalateAfterMin,
  ownerUserId: contacts.ownerUserId,
  language: contacts.language,
  enabled: contacts.enabled,
  remark: contacts.remark,
  ownerName: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.username})`,
  triggerCount: sql<number>`(select count(*)::int from ${triggerContactLinks} where ${triggerContactLinks.contactId} = ${contacts.id})`,
  createdAt: contacts.createdAt,
};

export interface ContactRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  webhookKind: string;
  webhookUrl: string;
  hasWebhookSecret: boolean;
  emailEnabled: boolean;
  webhookEnabled: boolean;
  smsEnabled: boolean;
  voiceEnabled: boolean;
  expiryNotices: boolean;
  minIntervalS: number;
  stormCap: number;
  stormWindowS: number;
  escalateAfterMin: number;
  ownerUserId: number;
  language: string;
  enabled: boolean;
  remark: string;
  ownerName: string;
  triggerCount: number;
  createdAt: Date;
}

export function createContactsRepository(db: Executor) {
  const findVisible = async (scope: Scope, id: number): Promise<ContactRecord | null> => {
    const [row] = await db
      .select(contactColumns)
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.ownerUserId))
      .where(and(eq(contacts.id, id), visible(scope)))
      .limit(1);
    return (row as ContactRecord | undefined) ?? null;
  };

  return {
    findVisible,

    async list(scope: Scope, query: ContactQuery, limit: number, offset: number) {
      const conditions: SQL[] = [visible(scope)];
      if (query.search) {
        const p = containsPattern(query.search);
        conditions.push(or(ilike(contacts.name, p), ilike(contacts.email, p), like(contacts.phone, p))!);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select(contactColumns)
          .from(contacts)
          .innerJoin(users, eq(users.id, contacts.ownerUserId))
          .where(where)
          .orderBy(desc(contacts.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(contacts)
          .innerJoin(users, eq(users.id, contacts.ownerUserId))
          .where(where),
      ]);
      return { rows: rows as ContactRecord[], total: total?.total ?? 0 };
    },

    /** Of `ids`, those the caller sees (for linking contacts to triggers). */
    async visibleIds(scope: Scope, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerUserId))
        .where(and(inArray(contacts.id, [...ids]), visible(scope)));
      return rows.map((r) => r.id);
    },

    async insert(ownerUserId: number, values: ContactValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(contacts)
        .values({ ...values, ownerUserId, createdAt: now })
        .returning({ id: contacts.id });
      return row!.id;
    },

    /** Webhook secrets stored before they were encrypted (no `sb1:` prefix). */
    async clearWebhookSecrets(): Promise<Array<{ id: number; secret: string }>> {
      return db
        .select({ id: contacts.id, secret: contacts.webhookSecret })
        .from(contacts)
        .where(and(sql`${contacts.webhookSecret} <> ''`, sql`${contacts.webhookSecret} not like 'sb1:%'`));
    },

    /** Replaces a clear secret by its sealed form (only if it is still the clear one). */
    async sealWebhookSecret(id: number, clear: string, sealed: string): Promise<void> {
      await db
        .update(contacts)
        .set({ webhookSecret: sealed })
        .where(and(eq(contacts.id, id), eq(contacts.webhookSecret, clear)));
    },

    async update(id: number, values: Partial<ContactValues>): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(contacts).set(values).where(eq(contacts.id, id));
    },

    /** Links and outbox rows go with it (foreign keys cascade). */
    async remove(id: number): Promise<void> {
      await db.delete(contacts).where(eq(contacts.id, id));
    },

    /** Queues a test notice (no alarm), due at once. */
    async queueTestNotice(contactId: number, channel: NoticeChannel, now: Date): Promise<number> {
      const [row] = await db
        .insert(noticeOutbox)
        .values({ contactId, channel, status: 'pending', createdAt: now, nextAttemptAt: now })
        .returning({ id: noticeOutbox.id });
      return row!.id;
    },

    /** The SMS / voice channels whose provider the platform has set. */
    async providerChannels(): Promise<string[]> {
      const rows = await db.select({ channel: smsProviderSettings.channel }).from(smsProviderSettings);
      return rows.map((r) => r.channel);
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
