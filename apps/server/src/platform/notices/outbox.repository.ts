import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import { exportJobs } from '../../modules/exports/exports.table.js';
import type { Executor } from '../db/client.js';

/** Attempts before a notice is given up ('failed'). */
export const MAX_ATTEMPTS = 5;

export interface ClaimedNotice {
  id: number;
  contactId: number;
  alarmId: number | null;
  /** Set for a scheduled report: the export whose file is attached. */
  exportId: number | null;
  channel: string;
  /** Attempts including the one being made now. */
  attempts: number;
}

export type ContactForSend = typeof contacts.$inferSelect;

/** The export a report notice attaches. */
export interface ExportForSend {
  id: number;
  title: string;
  status: string;
  fileName: string;
  fileHash: string;
}

export interface NoticeOutcome {
  status: 'sent' | 'pending' | 'failed' | 'throttled';
  lastError: string;
  sentAt?: Date;
  nextAttemptAt?: Date;
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
          channel: noticeOutbox.channel,
          attempts: noticeOutbox.attempts,
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

    /** Records the outcome of the attempt; only a row this worker still holds ('sending') changes. */
    async finish(id: number, outcome: NoticeOutcome): Promise<void> {
      await db
        .update(noticeOutbox)
        .set({
          status: outcome.status,
          lastError: outcome.lastError.slice(0, 500),
          ...(outcome.sentAt ? { sentAt: outcome.sentAt } : {}),
          ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        })
        .where(and(eq(noticeOutbox.id, id), eq(noticeOutbox.status, 'sending')));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
