import type { AlarmLogRow, WebhookKind } from '@fleet/contracts';
import { WEBHOOK_KINDS } from '@fleet/contracts';
import type { Config } from '../../config.js';
import { createAlarmRows } from '../../modules/alarms/alarm-rows.service.js';
import { createLedgerService } from '../../modules/ledger/ledger.service.js';
import { BUS, type EventBus } from '../bus/event-bus.js';
import { secretBoxFor } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { createFileStore } from '../files/file-store.js';
import type { JobLayer } from '../jobs/job-layer.js';
import { createTask } from '../jobs/task.js';
import {
  alarmNoticeText,
  expiryNoticeText,
  type NoticeText,
  reportNoticeText,
  testNoticeText,
} from './notice-text.js';
import {
  type ClaimedNotice,
  type ContactForSend,
  createOutboxRepository,
  type ExportForSend,
  MAX_ATTEMPTS,
  type NoticeOutcome,
  type UserNoticeForSend,
} from './outbox.repository.js';
import { expiryParams } from './sms/template-params.js';
import { createSmsDelivery } from './sms-delivery.js';
import { createNoticeQuota } from './sms-quota.js';
import { createMailSender, type MailAttachment, type MailSender } from './smtp-sender.js';
import { createStormCapRepository } from './storm-cap.repository.js';
import { sendWebhook } from './webhook-sender.js';
import { checkWebhookTarget, type HostLookup, RefusedTarget } from './webhook-target.js';

const SECOND = 1000;
/** First retry after 10 s, doubling, at most 10 min. */
export function backoffMs(attempts: number): number {
  return Math.min(10 * SECOND * 2 ** (attempts - 1), 600 * SECOND);
}
/** A row left 'sending' this long was abandoned by a crashed sender. */
export const SENDING_LEASE_MS = 5 * 60 * SECOND;
/**
 * Between passes when nothing wakes the worker. New rows publish BUS.noticeWake, so this only paces
 * retries (backoff is at least 10 s) and lease recovery; polling every second cost two statements a
 * second on every instance for nothing.
 */
const IDLE_PASS_MS = 5 * SECOND;
const BATCH = 50;

export interface NoticeWorkerDeps {
  database: Database;
  bus: EventBus;
  clock: () => Date;
  /** DATA_DIR holds the export files that report notices attach (without it they fail). */
  config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'WEBHOOK_ALLOW_PRIVATE'> &
    Partial<Pick<Config, 'DATA_DIR' | 'SECRET_BOX_KEY'>>;
  logger?: { warn(object: object, message: string): void };
  /** Per-request timeout of webhooks and SMTP (default 10 s; short in tests). */
  timeoutMs?: number;
  /** Idle pass period on the job layer (default IDLE_PASS_MS). */
  intervalMs?: number;
  lookup?: HostLookup;
  /** The job layer that runs the passes (timer and BUS.noticeWake); without it only runOnce() runs them. */
  jobs?: JobLayer;
}

export interface NoticeWorker {
  /** One full pass (after any pass under way): claims and sends every due row. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** A failure that retrying cannot fix: the row fails at once. */
class Permanent extends Error {}

/**
 * The outbox worker (docs/api-alarms.md "Outbox"): a consumer of the job layer on every instance; rows
 * are claimed with SKIP LOCKED under a lease, so instances share them and a crashed sender's rows come back.
 */
export function createNoticeWorker(deps: NoticeWorkerDeps): NoticeWorker {
  const { clock, config } = deps;
  const timeoutMs = deps.timeoutMs ?? 10 * SECOND;
  const repo = createOutboxRepository(deps.database.db);
  const mail: MailSender | null = config.SMTP_URL
    ? createMailSender(config.SMTP_URL, config.SMTP_FROM, timeoutMs)
    : null;
  const files = config.DATA_DIR ? createFileStore(config.DATA_DIR) : null;
  // Webhook secrets are sealed at rest (platform/crypto/secret-box.ts); a clear legacy value passes.
  const box =
    config.DATA_DIR || config.SECRET_BOX_KEY
      ? secretBoxFor({ DATA_DIR: config.DATA_DIR ?? '', ...config })
      : null;
  const openSecret = (stored: string) => {
    if (!box || !stored.startsWith('sb1:')) return stored;
    return box.open(stored);
  };
  const sms = createSmsDelivery({
    repo,
    storm: createStormCapRepository(deps.database.db),
    quota: createNoticeQuota({ ledger: createLedgerService({ db: deps.database.db, clock }), repo }),
    box,
    clock,
    retryAt: (attempts) => new Date(clock().getTime() + backoffMs(attempts)),
    timeoutMs,
  });
  const task = deps.jobs
    ? deps.jobs.onEveryInstance('notice worker', {
        pass: () => pass(),
        intervalMs: deps.intervalMs ?? IDLE_PASS_MS,
        wake: BUS.noticeWake,
      })
    : createTask('notice worker', () => pass(), deps.logger);

  async function deliver(
    notice: ClaimedNotice,
    contact: ContactForSend,
    text: NoticeText,
    alarm: AlarmLogRow | null,
    attachments?: MailAttachment[],
  ): Promise<void> {
    if (notice.channel === 'email') {
      if (!mail) throw new Permanent('SMTP not configured');
      if (!contact.email) throw new Permanent('the contact has no e-mail');
      await mail.send(contact.email, text, attachments);
      return;
    }
    if (notice.channel !== 'webhook') throw new Permanent(`unknown channel ${notice.channel}`);
    const kind = contact.webhookKind as WebhookKind;
    if (!contact.webhookUrl || !WEBHOOK_KINDS.includes(kind))
      throw new Permanent('the contact has no webhook');
    try {
      await checkWebhookTarget(contact.webhookUrl, config.WEBHOOK_ALLOW_PRIVATE, deps.lookup);
    } catch (error) {
      if (error instanceof RefusedTarget) throw new Permanent(error.message);
      throw error;
    }
    await sendWebhook(
      { kind, url: contact.webhookUrl, secret: openSecret(contact.webhookSecret), text, alarm, now: clock() },
      timeoutMs,
    );
  }

  /** Sends and turns the result into the row's outcome (retry with backoff unless permanent). */
  async function outcomeOf(notice: ClaimedNotice, send: () => Promise<void>): Promise<NoticeOutcome> {
    try {
      await send();
      return { status: 'sent', lastError: '', sentAt: clock() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof Permanent || notice.attempts >= MAX_ATTEMPTS)
        return { status: 'failed', lastError: message };
      return {
        status: 'pending',
        lastError: message,
        nextAttemptAt: new Date(clock().getTime() + backoffMs(notice.attempts)),
      };
    }
  }

  /** A scheduled report (docs/api-datacenter.md): an e-mail with the export's file attached. */
  async function attemptReport(
    notice: ClaimedNotice,
    contact: ContactForSend,
    job: ExportForSend | undefined,
  ): Promise<NoticeOutcome> {
    if (!contact.enabled) return { status: 'failed', lastError: 'contact disabled' };
    if (notice.channel !== 'email') return { status: 'failed', lastError: 'reports are sent by e-mail only' };
    if (job?.status !== 'done' || !job.fileHash || !files || !(await files.exists(job.fileHash)))
      return { status: 'failed', lastError: 'the export file is not available' };
    const text = reportNoticeText(job.title, job.fileName, contact.language);
    const attachment = { filename: job.fileName || `${job.title}.xlsx`, path: files.path(job.fileHash) };
    return outcomeOf(notice, () => deliver(notice, contact, text, null, [attachment]));
  }

  /**
   * A service expiry notice (issue 20 item 4) by e-mail or SMS, in the contact's language, while the
   * contact still wants expiry notices on that channel. An SMS uses one unit of the owner's quota
   * like an alarm SMS (sms-delivery.ts: reserved, posted when accepted, voided when it fails).
   */
  async function attemptExpiry(
    notice: ClaimedNotice,
    contact: ContactForSend,
    about: UserNoticeForSend | undefined,
  ): Promise<NoticeOutcome> {
    if (!about) return { status: 'failed', lastError: 'the notice no longer exists' };
    if (!contact.enabled || !contact.expiryNotices)
      return { status: 'failed', lastError: 'expiry notices are off for this contact' };
    const on = { email: contact.emailEnabled, sms: contact.smsEnabled }[notice.channel];
    if (!on) return { status: 'failed', lastError: 'channel disabled' };
    const days = Number(about.kind.slice(1)) || 0;
    if (notice.channel === 'sms')
      return sms.attempt(notice, contact, null, null, {
        kind: 'expiry',
        params: expiryParams(days, about.subjectId, about.title),
      });
    const text = expiryNoticeText(days, about.subjectId, about.title, contact.language);
    return outcomeOf(notice, () => deliver(notice, contact, text, null));
  }

  /** Decides and performs one claimed row; never throws. */
  async function attempt(
    notice: ClaimedNotice,
    contact: ContactForSend | undefined,
    alarms: Map<number, AlarmLogRow>,
    exports: Map<number, ExportForSend>,
    userNotices: Map<number, UserNoticeForSend>,
  ): Promise<NoticeOutcome> {
    const now = clock();
    if (!contact) return { status: 'failed', lastError: 'contact not found' };
    if (notice.exportId !== null) return attemptReport(notice, contact, exports.get(notice.exportId));
    if (notice.userNoticeId !== null)
      return attemptExpiry(notice, contact, userNotices.get(notice.userNoticeId));
    const isTest = notice.alarmId === null;
    let alarm: AlarmLogRow | null = null;
    if (!isTest) {
      alarm = alarms.get(notice.alarmId!) ?? null;
      if (!alarm) return { status: 'failed', lastError: 'alarm not found' };
      if (!contact.enabled) return { status: 'failed', lastError: 'contact disabled' };
      const on = {
        email: contact.emailEnabled,
        webhook: contact.webhookEnabled,
        sms: contact.smsEnabled,
        voice: contact.voiceEnabled,
      }[notice.channel];
      if (!on) return { status: 'failed', lastError: 'channel disabled' };
      // Throttle: one sent alarm notice per contact and channel within min_interval_s.
      if (contact.minIntervalS > 0) {
        const last = await repo.lastAlarmSentAt(contact.id, notice.channel);
        if (last && now.getTime() - last.getTime() < contact.minIntervalS * SECOND)
          return { status: 'throttled', lastError: '' };
      }
    }
    if (notice.channel === 'sms' || notice.channel === 'voice') {
      const recovered = alarm?.recovers_id ? (alarms.get(alarm.recovers_id) ?? null) : null;
      return sms.attempt(notice, contact, alarm, recovered);
    }
    const text = alarm
      ? alarmNoticeText(alarm, contact.language, alarm.recovers_id ? alarms.get(alarm.recovers_id) : null)
      : testNoticeText(contact.language);
    return outcomeOf(notice, () => deliver(notice, contact, text, alarm));
  }

  const alarmRows = createAlarmRows(deps.database.db);

  async function alarmsOf(claimed: ClaimedNotice[]): Promise<Map<number, AlarmLogRow>> {
    const ids = [...new Set(claimed.flatMap((n) => (n.alarmId === null ? [] : [n.alarmId])))];
    const rows = await alarmRows.byIds(ids);
    // A recovery notice names the alarm it recovers.
    const originals = rows.flatMap((r) =>
      r.recovers_id && !ids.includes(r.recovers_id) ? [r.recovers_id] : [],
    );
    const all = [...rows, ...(await alarmRows.byIds(originals))];
    return new Map(all.map((r) => [r.id, r]));
  }

  async function batch(): Promise<number> {
    const now = clock();
    const claimed = await repo.claim(now, new Date(now.getTime() + SENDING_LEASE_MS), BATCH);
    if (claimed.length === 0) return 0;
    const exportIds = [...new Set(claimed.flatMap((n) => (n.exportId === null ? [] : [n.exportId])))];
    const userNoticeIds = [
      ...new Set(claimed.flatMap((n) => (n.userNoticeId === null ? [] : [n.userNoticeId]))),
    ];
    const [contactsById, alarms, exports, userNotices] = await Promise.all([
      repo.contacts([...new Set(claimed.map((n) => n.contactId))]),
      alarmsOf(claimed),
      repo.exports(exportIds),
      repo.userNotices(userNoticeIds),
    ]);
    // Rows of one contact and channel go in order (the throttle sees the previous one sent);
    // different contacts and channels go in parallel, so one slow robot does not hold the others.
    const lanes = new Map<string, ClaimedNotice[]>();
    for (const n of claimed) {
      const key = `${n.contactId}:${n.channel}`;
      lanes.set(key, [...(lanes.get(key) ?? []), n]);
    }
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        for (const n of lane) {
          const outcome = await attempt(n, contactsById.get(n.contactId), alarms, exports, userNotices);
          await repo.finish(n.id, outcome);
        }
      }),
    );
    return claimed.length;
  }

  async function pass(): Promise<void> {
    if (task.stopped) return; // a pass queued before stop(), or runOnce() after it
    await repo.resetStale(clock());
    // A full batch: there may be more due rows (unless the app is closing).
    while ((await batch()) === BATCH && !task.stopped) {}
  }

  return {
    runOnce: async () => void (await task.run(pass).catch(() => undefined)),
    async stop() {
      await task.stop();
      mail?.close();
    },
  };
}
