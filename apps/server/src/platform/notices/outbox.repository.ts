import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import { exportJobs } from '../../modules/exports/exports.table.js';
import { smsProviderSettings } from '../../modules/sms/sms.table.js';
import { users } from '../../modules/users/users.table.js';
import type { Executor } from '../db/client.js';
import { userNotices } from './user-notices.table.js';

/** Attempts before a notice is given up ('failed'). */
export const MAX_ATTEMPTS = 5;

export interface ClaimedNotice {
  id: number;
  contactId: number;
  alarmId: number | null;
  /** Set for a scheduled report: the export whose file is attached. */
  exportId: number | null;
  /** Set for a service expiry notice: the owner's in-app notice it repeats. */
  userNoticeId: number | null;
  channel: string;
  /** Attempts including the one being made now. */
  attempts: number;
  /** SMS / voice: the quota units reserved by an earlier attempt (kept while it retries). */
  quotaKeys: string[];
}

export type ContactForSend = typeof contacts.$inferSelect;

/** The in-app notice an expiry e-mail or SMS repeats. */
export interface UserNoticeForSend {
  id: number;
  /** 'd30' | 'd7' | 'd1' | 'd0' (days before the expiry). */
  kind: string;
  /** The number of devices. */
  subjectId: number;
  /** The device titles. */
  title: string;
}

/** The export a report notice attaches. */
export interface ExportForSend {
  id: number;
  title: string;
  status: string;
  fileName: string;
  fileHash: string;
}

export interface NoticeOutcome {
  /** 'no_quota': an SMS / voice notice logged but not sent, the owner's quota being used up. */
  status: 'sent' | 'pending' | 'failed' | 'throttled' | 'no_quota';
  lastError: string;
  sentAt?: Date;
  nextAttemptAt?: Date;
  providerId?: string;
  providerAnswer?: string;
  /** The notice went out as the storm digest standing for this many alarm notices. */
  digestCount?: number;
  quotaKeys?: string[];
}

/** The SQL of the outbox worker (docs/api-alarms.md "Outbox"). */
export function createOutboxRepository(db: Executor) {
  return {
    /**
     * Rows left 'sending' whose lease ran out (the sender crashed) go back to 'pending', or to
     * 'failed' when that was their last attempt.
     */
    async resetStale(now: Date): Promise<void> {
      await db
        .update(noticeOutbox)
        .set({
          status: sql`case when ${noticeOutbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
          lastError: sql`case when ${noticeOutbox.lastError} = '' then 'interrupted while sending' else ${noticeOutbox.lastError} end`,
        })
        .where(and(eq(noticeOutbox.status, 'sending'), lte(noticeOutbox.nextAttemptAt, now)));
    },

    /**
     * Claims up to `limit` due rows for this instance: `FOR UPDATE SKIP LOCKED` lets several workers
     * share the outbox without sending a row twice. A row is due when never tried (whatever its
     * next_attempt_at: the alarm transaction stamps it with the database's time) or when its backoff
     * ended by `now`. The lease (next_attempt_at while 'sending') is when resetStale may take it back.
     */
    async claim(now: Date, lease: Date, limit: number): Promise<ClaimedNotice[]> {
      const due = db
        .select({ id: noticeOutbox.id })
        .from(noticeOutbox)
        .where(
          and(
            eq(noticeOutbox.status, 'pending'),
            or(eq(noticeOutbox.attempts, 0), lte(noticeOutbox.nextAttemptAt, now)),
          ),
        )
        .orderBy(noticeOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(noticeOutbox)
        .set({ status: 'sending', attempts: sql`${noticeOutbox.attempts} + 1`, nextAttemptAt: lease })
        .where(inArray(noticeOutbox.id, due))
        .returning({
          id: noticeOutbox.id,
          contactId: noticeOutbox.contactId,
          alarmId: noticeOutbox.alarmId,
          exportId: noticeOutbox.exportId,
          userNoticeId: noticeOutbox.userNoticeId,
          channel: noticeOutbox.channel,
          attempts: noticeOutbox.attempts,
          quotaKeys: noticeOutbox.quotaKeys,
        });
      return rows.sort((a, b) => a.id - b.id);
    },

    async contacts(ids: readonly number[]): Promise<Map<number, ContactForSend>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(contacts)
        .where(inArray(contacts.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async exports(ids: readonly number[]): Promise<Map<number, ExportForSend>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: exportJobs.id,
          title: exportJobs.title,
          status: exportJobs.status,
          fileName: exportJobs.fileName,
          fileHash: exportJobs.fileHash,
        })
        .from(exportJobs)
        .where(inArray(exportJobs.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The in-app notices that expiry e-mails and SMS repeat (their stage, count and device titles). */
    async userNotices(ids: readonly number[]): Promise<Map<number, UserNoticeForSend>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: userNotices.id,
          kind: userNotices.kind,
          subjectId: userNotices.subjectId,
          title: userNotices.title,
        })
        .from(userNotices)
        .where(inArray(userNotices.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** When the contact was last sent an alarm notice on the channel (throttle window). */
    async lastAlarmSentAt(contactId: number, channel: string): Promise<Date | null> {
      const [row] = await db
        .select({ sentAt: noticeOutbox.sentAt })
        .from(noticeOutbox)
        .where(
          and(
            eq(noticeOutbox.contactId, contactId),
            eq(noticeOutbox.channel, channel),
            eq(noticeOutbox.status, 'sent'),
            isNotNull(noticeOutbox.alarmId),
          ),
        )
        .orderBy(desc(noticeOutbox.sentAt))
        .limit(1);
      return row?.sentAt ?? null;
    },

    /** The stored provider settings of a channel ('sms' | 'voice'), or null. */
    async providerSettings(channel: string) {
      const [row] = await db
        .select()
        .from(smsProviderSettings)
        .where(eq(smsProviderSettings.channel, channel));
      return row ?? null;
    },

    /**
     * The user and its ancestors (nearest first) with their remaining count of the channel
     * (null = no limit), for the quota reservation.
     */
    async quotaChain(
      userId: number,
      channel: 'sms' | 'voice',
    ): Promise<{ id: number; limit: number | null }[]> {
      const [own] = await db.select({ path: users.path }).from(users).where(eq(users.id, userId));
      if (!own) return [];
      const ids = own.path.split('/').filter(Boolean).map(Number);
      const rows = await db
        .select({ id: users.id, limit: channel === 'sms' ? users.smsCount : users.voiceCount })
        .from(users)
        .where(inArray(users.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.reverse().flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    /** Reserved quota units, stored before the send so a crash cannot lose them. */
    async setQuotaKeys(id: number, keys: string[]): Promise<void> {
      await db.update(noticeOutbox).set({ quotaKeys: keys }).where(eq(noticeOutbox.id, id));
    },

    /** Whether a notice about `alarmId` was sent to the contact on the channel (recovery de-duplication). */
    async sentAbout(contactId: number, channel: string, alarmIds: number[]): Promise<number[]> {
      if (alarmIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ alarmId: noticeOutbox.alarmId })
        .from(noticeOutbox)
        .where(
          and(
            eq(noticeOutbox.contactId, contactId),
            eq(noticeOutbox.channel, channel),
            eq(noticeOutbox.status, 'sent'),
            inArray(noticeOutbox.alarmId, alarmIds),
          ),
        );
      return rows.flatMap((r) => (r.alarmId === null ? [] : [r.alarmId]));
    },

    /** Records the outcome of the attempt; only a row this worker still holds ('sending') changes. */
    async finish(id: number, outcome: NoticeOutcome): Promise<void> {
      await db
        .update(noticeOutbox)
        .set({
          status: outcome.status,
          lastError: outcome.lastError.slice(0, 500),
          ...(outcome.sentAt ? { sentAt: outcome.sentAt } : {}),
          ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          ...(outcome.providerId ? { providerId: outcome.providerId } : {}),
          ...(outcome.providerAnswer !== undefined
            ? { providerAnswer: outcome.providerAnswer.slice(0, 500) }
            : {}),
          ...(outcome.digestCount !== undefined ? { digestCount: outcome.digestCount } : {}),
          ...(outcome.quotaKeys ? { quotaKeys: outcome.quotaKeys } : {}),
        })
        .where(and(eq(noticeOutbox.id, id), eq(noticeOutbox.status, 'sending')));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
