import type { NoticeQuery, NoticeRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import type { NoticeLogRepository, NoticeRecord } from './notice-log.repository.js';

/** Statuses in which a counted notice holds its quota unit (reserved, then posted). */
const HOLDS_UNIT = new Set(['pending', 'sending', 'sent']);

/**
 * Units of the owner's count the notice takes (docs/notices.md "Notice log"): its quota keys are
 * `notice:<id>:<user>` for the owner and each counted ancestor, voided when the send failed.
 */
export function noticeCost(r: Pick<NoticeRecord, 'id' | 'ownerUserId' | 'status' | 'quotaKeys'>): number {
  if (!HOLDS_UNIT.has(r.status)) return 0;
  return r.quotaKeys.some((key) => key.endsWith(`:${r.ownerUserId}`)) ? 1 : 0;
}

/** Where the notice went: the phone for SMS and voice, the e-mail address, the webhook kind. */
export function noticeAddress(
  r: Pick<NoticeRecord, 'channel' | 'contactPhone' | 'contactEmail' | 'contactWebhookKind'>,
): string {
  if (r.channel === 'email') return r.contactEmail;
  if (r.channel === 'webhook') return r.contactWebhookKind;
  return r.contactPhone;
}

/** What the notice is about: an alarm, a contact test, a scheduled report, a service expiry (issue 20). */
export function noticeAbout(
  r: Pick<NoticeRecord, 'alarmId' | 'exportId' | 'userNoticeId'>,
): NoticeRow['about'] {
  if (r.alarmId !== null) return 'alarm';
  if (r.exportId !== null) return 'report';
  return r.userNoticeId !== null ? 'expiry' : 'test';
}

export const toNoticeRow = (r: NoticeRecord): NoticeRow => ({
  id: r.id,
  contact_id: r.contactId,
  contact_name: r.contactName,
  contact_address: noticeAddress(r),
  alarm_id: r.alarmId,
  about: noticeAbout(r),
  device_title: r.deviceTitle,
  alarm_type: r.alarmType,
  channel: r.channel as NoticeRow['channel'],
  status: r.status as NoticeRow['status'],
  attempts: r.attempts,
  last_error: r.lastError,
  provider_answer: r.providerAnswer,
  receipt_status: r.receiptStatus,
  digest_count: r.digestCount,
  cost: noticeCost(r),
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
  receipt_at: r.receiptAt?.toISOString() ?? null,
});

/** GET /trigger/notice: the notice log of the caller's data subtree, newest first. */
export function createNoticeLogService(repo: NoticeLogRepository) {
  return {
    async list(scope: Scope, query: NoticeQuery): Promise<ListResult<NoticeRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope, query, limit, offset);
      return { rows: rows.map(toNoticeRow), total };
    },
  };
}
