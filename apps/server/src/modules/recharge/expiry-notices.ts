import { createHash } from 'node:crypto';
import type { Database, Executor } from '../../platform/db/client.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import { createUserNotices } from '../../platform/notices/user-notices.js';
import { expiryNoticesRepository as repo } from './expiry-notices.repository.js';

/** How often the leader looks for devices reaching a pre-expiry stage. */
export const EXPIRY_NOTICE_TICK_MS = 10 * 60_000;
/** Stages in days before the service expiry; 0 = at the expiry. */
export const EXPIRY_STAGES = [30, 7, 1, 0] as const;
export type ExpiryStage = (typeof EXPIRY_STAGES)[number];
/** The user-notice subject (user-notices.ts) of these notices. */
export const DEVICE_EXPIRY_SUBJECT = 'device_expiry';
/** A device that expired longer ago than this gets no "expired" notice (it predates the notices). */
const EXPIRED_LOOKBACK_DAYS = 30;
/** Device titles written into one notice; the rest are counted. */
const TITLES_PER_NOTICE = 20;
const DAY_MS = 86_400_000;

/** The stage a device is in at `now` (the most urgent one reached), or null before 30 days. */
export function expiryStage(expireAt: Date, now: Date): ExpiryStage | null {
  const left = expireAt.getTime() - now.getTime();
  if (left <= 0) return 0;
  for (const stage of [1, 7, 30] as const) if (left <= stage * DAY_MS) return stage;
  return null;
}

interface Candidate {
  id: number;
  title: string;
  ownerUserId: number;
  expireAt: Date;
}

/**
 * Devices whose service expiry is within 30 days (or passed within the look-back) and that have no
 * notice yet at their current stage or a more urgent one for this expiry date. All tenants: the tick
 * is the platform's, each notice goes only to the device's own owner.
 */
async function candidates(db: Executor, now: Date): Promise<Candidate[]> {
  const rows = await repo.expiring(
    db,
    new Date(now.getTime() - EXPIRED_LOOKBACK_DAYS * DAY_MS),
    new Date(now.getTime() + 30 * DAY_MS),
  );
  if (rows.length === 0) return [];
  const done = await repo.noticed(
    db,
    rows.map((r) => r.id),
  );
  const key = (id: number, at: Date) => `${id}:${at.getTime()}`;
  const least = new Map<string, number>();
  for (const d of done) {
    const k = key(d.deviceId, d.expireAt);
    least.set(k, Math.min(least.get(k) ?? Number.POSITIVE_INFINITY, d.stage));
  }
  return rows.flatMap((r) => {
    const stage = expiryStage(r.expireAt!, now);
    if (stage === null) return [];
    const noticed = least.get(key(r.id, r.expireAt!));
    return noticed !== undefined && noticed <= stage ? [] : [{ ...r, expireAt: r.expireAt! }];
  });
}

/**
 * The e-mails and SMS that repeat an in-app notice: one per contact that chose expiry notices and
 * channel it receives (the contact's switches; an address or phone is needed).
 */
function outboxRows(
  chosen: Awaited<ReturnType<typeof repo.expiryContacts>>,
  userNoticeId: number,
): { contactId: number; channel: 'email' | 'sms'; userNoticeId: number }[] {
  return chosen.flatMap((c) => [
    ...(c.emailEnabled && c.email ? [{ contactId: c.id, channel: 'email' as const, userNoticeId }] : []),
    ...(c.smsEnabled && c.phone ? [{ contactId: c.id, channel: 'sms' as const, userNoticeId }] : []),
  ]);
}

/**
 * The leader's tick (DESIGN 11, issue 20 item 4): pre-expiry notices at 30, 7 and 1 days before a
 * device's service expiry and once at the expiry, batched per owner and stage (one notice listing N
 * devices). Each device's stage is claimed in `device_expiry_notices` (unique per device, expiry date
 * and stage) in the transaction of the owner's notice, so a second tick or a second instance never
 * sends it again; a renewal moves the expiry and re-arms every stage. A device first seen at 5 days
 * gets the 7-day notice only (the most urgent stage reached). The same transaction queues the
 * notice's e-mails and SMS in the outbox for the owner's contacts that chose expiry notices, so they
 * go out exactly when the in-app notice is made, once. Answers the number of notices written.
 */
export function createExpiryNoticeTick(deps: { database: Database; clock: () => Date }) {
  const db = deps.database.db;
  const notices = createUserNotices(db);
  return async function tick(): Promise<number> {
    const now = deps.clock();
    const byOwner = new Map<number, Candidate[]>();
    for (const c of await candidates(db, now)) {
      const list = byOwner.get(c.ownerUserId) ?? [];
      list.push(c);
      byOwner.set(c.ownerUserId, list);
    }
    let written = 0;
    for (const [ownerUserId, list] of byOwner) {
      written += await db.transaction(async (tx) => {
        const claimed = await repo.claim(
          tx,
          list.map((c) => ({
            deviceId: c.id,
            expireAt: c.expireAt,
            stage: expiryStage(c.expireAt, now)!,
            ownerUserId,
            noticedAt: now,
          })),
        );
        const byStage = new Map<number, Candidate[]>();
        const ofId = new Map(list.map((c) => [c.id, c]));
        for (const row of claimed) {
          const group = byStage.get(row.stage) ?? [];
          group.push(ofId.get(row.deviceId)!);
          byStage.set(row.stage, group);
        }
        let n = 0;
        for (const [stage, group] of byStage) {
          const ids = group.map((c) => `${c.id}@${c.expireAt.getTime()}`).join(',');
          const shown = group.slice(0, TITLES_PER_NOTICE).map((c) => c.title);
          const more = group.length - shown.length;
          const noticeId = await notices.create(
            {
              userId: ownerUserId,
              subject: DEVICE_EXPIRY_SUBJECT,
              // The number of devices: the screen's text says "N devices".
              subjectId: group.length,
              kind: `d${stage}`,
              title: more > 0 ? `${shown.join(', ')} +${more}` : shown.join(', '),
              dedupeKey: `device_expiry:${stage}:${createHash('sha256').update(ids).digest('hex').slice(0, 32)}`,
            },
            tx,
          );
          if (noticeId === null) continue;
          n += 1;
          await repo.queue(tx, outboxRows(await repo.expiryContacts(tx, ownerUserId), noticeId));
        }
        return n;
      });
    }
    return written;
  };
}

export function registerExpiryNotices(deps: { database: Database; clock: () => Date; jobs: JobLayer }) {
  return deps.jobs.onLeader('device expiry notices', EXPIRY_NOTICE_TICK_MS, createExpiryNoticeTick(deps));
}
