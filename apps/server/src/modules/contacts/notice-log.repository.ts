import type { NoticeQuery } from '@fleet/contracts';
import { and, count, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { contacts, noticeOutbox } from './contacts.table.js';

/** The filter of GET /trigger/notice without paging (the export reads every row). */
export type NoticeLogFilter = Omit<NoticeQuery, 'page' | 'limit'>;

export interface NoticeRecord {
  id: number;
  contactId: number;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactWebhookKind: string;
  ownerUserId: number;
  alarmId: number | null;
  exportId: number | null;
  userNoticeId: number | null;
  deviceTitle: string | null;
  alarmType: number | null;
  channel: string;
  status: string;
  attempts: number;
  lastError: string;
  providerAnswer: string;
  receiptStatus: string;
  digestCount: number | null;
  quotaKeys: string[];
  createdAt: Date;
  sentAt: Date | null;
  receiptAt: Date | null;
}

const columns = {
  id: noticeOutbox.id,
  contactId: noticeOutbox.contactId,
  contactName: contacts.name,
  contactPhone: contacts.phone,
  contactEmail: contacts.email,
  contactWebhookKind: contacts.webhookKind,
  ownerUserId: contacts.ownerUserId,
  alarmId: noticeOutbox.alarmId,
  exportId: noticeOutbox.exportId,
  userNoticeId: noticeOutbox.userNoticeId,
  deviceTitle: devices.title,
  alarmType: alarmLog.alarmType,
  channel: noticeOutbox.channel,
  status: noticeOutbox.status,
  attempts: noticeOutbox.attempts,
  lastError: noticeOutbox.lastError,
  providerAnswer: noticeOutbox.providerAnswer,
  receiptStatus: noticeOutbox.receiptStatus,
  digestCount: noticeOutbox.digestCount,
  quotaKeys: noticeOutbox.quotaKeys,
  createdAt: noticeOutbox.createdAt,
  sentAt: noticeOutbox.sentAt,
  receiptAt: noticeOutbox.receiptAt,
};

const newestFirst = [desc(noticeOutbox.createdAt), desc(noticeOutbox.id)];

/**
 * The notice log (every notice of the outbox with what became of it), for the list and its export.
 * Visible like contacts: the data subtree of the contact's owner.
 */
export function createNoticeLogRepository(db: Executor) {
  const where = (scope: Scope, q: NoticeLogFilter): SQL | undefined => {
    const conditions: SQL[] = [ownerPathInScope(scope)];
    if (q.contact_id !== undefined) conditions.push(eq(noticeOutbox.contactId, q.contact_id));
    if (q.channel !== undefined) conditions.push(eq(noticeOutbox.channel, q.channel));
    if (q.status !== undefined) conditions.push(eq(noticeOutbox.status, q.status));
    if (q.starttime) conditions.push(gte(noticeOutbox.createdAt, q.starttime));
    if (q.endtime) conditions.push(lte(noticeOutbox.createdAt, q.endtime));
    return and(...conditions);
  };
  const rowsWhere = (condition: SQL | undefined) =>
    db
      .select(columns)
      .from(noticeOutbox)
      .innerJoin(contacts, eq(contacts.id, noticeOutbox.contactId))
      .innerJoin(users, eq(users.id, contacts.ownerUserId))
      .leftJoin(alarmLog, eq(alarmLog.id, noticeOutbox.alarmId))
      .leftJoin(devices, eq(devices.id, alarmLog.deviceId))
      .where(condition);

  return {
    async list(scope: Scope, q: NoticeLogFilter, limit: number, offset: number) {
      const condition = where(scope, q);
      const [rows, [total]] = await Promise.all([
        rowsWhere(condition)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(noticeOutbox)
          .innerJoin(contacts, eq(contacts.id, noticeOutbox.contactId))
          .innerJoin(users, eq(users.id, contacts.ownerUserId))
          .where(condition),
      ]);
      return { rows: rows as NoticeRecord[], total: total?.total ?? 0 };
    },

    /**
     * Up to `limit` rows of the filter older than `after` (the last row of the previous chunk), newest
     * first: reading by key keeps a long export free of duplicates while new notices are queued.
     */
    async chunk(
      scope: Scope,
      q: NoticeLogFilter,
      limit: number,
      after?: { at: Date; id: number },
    ): Promise<NoticeRecord[]> {
      const older = after
        ? or(
            lt(noticeOutbox.createdAt, after.at),
            and(eq(noticeOutbox.createdAt, after.at), lt(noticeOutbox.id, after.id)),
          )
        : undefined;
      const rows = await rowsWhere(and(where(scope, q), older))
        .orderBy(...newestFirst)
        .limit(limit);
      return rows as NoticeRecord[];
    },
  };
}

export type NoticeLogRepository = ReturnType<typeof createNoticeLogRepository>;
