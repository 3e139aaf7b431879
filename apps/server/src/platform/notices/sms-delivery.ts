import type { AlarmLogRow } from '@fleet/contracts';
import type { SecretBox } from '../crypto/secret-box.js';
import type { ClaimedNotice, ContactForSend, NoticeOutcome, OutboxRepository } from './outbox.repository.js';
import { MAX_ATTEMPTS } from './outbox.repository.js';
import { parsePhone } from './sms/phone.js';
import type { SendResult } from './sms/provider.js';
import {
  ProviderSettingsError,
  type SmsNoticeKind,
  settingsFromRow,
  smsProviderFrom,
  templateFor,
  voiceProviderFrom,
} from './sms/settings.js';
import { alarmParams, digestParams, testParams } from './sms/template-params.js';
import type { NoticeQuota, QuotaChannel } from './sms-quota.js';
import type { StormCapRepository } from './storm-cap.repository.js';

export interface SmsDeliveryDeps {
  repo: OutboxRepository;
  /** The storm cap's slots, claimed atomically per contact (storm-cap.repository.ts). */
  storm: StormCapRepository;
  quota: NoticeQuota;
  /** Opens the sealed provider secret; null when the installation has no key (then nothing is sent). */
  box: SecretBox | null;
  clock: () => Date;
  /** When a retryable failure of the `attempts`-th attempt is tried again. */
  retryAt: (attempts: number) => Date;
  timeoutMs?: number;
}

type Planned = { kind: SmsNoticeKind; params: Record<string, string>; digestCount?: number };
type Plan = Planned | NoticeOutcome;

const answerText = (r: SendResult) =>
  r.accepted ? `OK ${r.requestId ?? ''}`.trim() : `${r.code}: ${r.message}`.slice(0, 500);

/**
 * SMS and text-to-speech notices (issue 21 items 1 to 3): the storm cap, the quota reservation on
 * the ledger and the provider call, turned into the outbox row's outcome.
 *
 * Storms: alarm notices (recoveries included) sent to a contact on a channel are capped at
 * `storm_cap` per `storm_window_s`, each taking a slot decided with the contact row locked so the
 * cap holds across workers and instances. The first notice over the cap goes out once as a digest
 * ("N more alarms", N = that contact's alarm notices still waiting on the channel); the rest of the
 * window's notices are logged as 'throttled'. A recovery is sent only when the alarm it recovers was
 * sent to that contact on that channel, so a storm's recoveries do not arrive without their alarms.
 */
export function createSmsDelivery(deps: SmsDeliveryDeps) {
  const { repo, quota, clock } = deps;

  async function plan(
    notice: ClaimedNotice,
    contact: ContactForSend,
    alarm: AlarmLogRow | null,
    recovered: AlarmLogRow | null,
  ): Promise<Plan> {
    if (!alarm) return { kind: 'test', params: testParams(clock()) };
    const isRecovery = alarm.cause === 'recovered';
    if (isRecovery && alarm.recovers_id !== null) {
      const sent = await repo.sentAbout(contact.id, notice.channel, [alarm.recovers_id]);
      if (sent.length === 0) return { status: 'throttled', lastError: 'the alarm it recovers was not sent' };
    }
    const params = alarmParams(alarm, contact.language, recovered);
    const kind = isRecovery ? 'recovery' : 'alarm';
    if (contact.stormCap <= 0) return { kind, params };
    const now = clock();
    const storm = await deps.storm.claim({
      noticeId: notice.id,
      contactId: contact.id,
      channel: notice.channel,
      cap: contact.stormCap,
      since: new Date(now.getTime() - contact.stormWindowS * 1000),
      now,
    });
    if (storm.verdict === 'send') return { kind, params };
    if (storm.verdict === 'throttled') return { status: 'throttled', lastError: 'storm cap reached' };
    return {
      kind: 'alarm',
      params: digestParams(alarm, storm.waiting, contact.language),
      digestCount: storm.waiting,
    };
  }

  async function send(
    channel: QuotaChannel,
    row: NonNullable<Awaited<ReturnType<OutboxRepository['providerSettings']>>>,
    kind: SmsNoticeKind,
    phone: string,
    params: Record<string, string>,
    outId: string,
  ): Promise<SendResult> {
    if (!deps.box) throw new ProviderSettingsError('no secret box key: the provider secret cannot be opened');
    const settings = settingsFromRow(row, deps.timeoutMs);
    const code = templateFor(settings, kind);
    if (channel === 'sms')
      return smsProviderFrom(settings, deps.box).send({
        phone,
        templateCode: code,
        signName: settings.signName ?? '',
        params,
        outId,
      });
    return voiceProviderFrom(settings, deps.box).call({ phone, ttsCode: code, params, outId });
  }

  return {
    async attempt(
      notice: ClaimedNotice,
      contact: ContactForSend,
      alarm: AlarmLogRow | null,
      recovered: AlarmLogRow | null,
      /** A notice that is no alarm (a service expiry): its template and variables, no storm cap. */
      fixed?: Planned,
    ): Promise<NoticeOutcome> {
      const channel = notice.channel as QuotaChannel;
      const phone = parsePhone(contact.phone);
      if (!phone)
        return { status: 'failed', lastError: 'INVALID_PHONE: the contact has no valid phone number' };
      const planned = fixed ?? (await plan(notice, contact, alarm, recovered));
      if ('status' in planned) return planned;
      const row = await repo.providerSettings(channel);
      if (!row) return { status: 'failed', lastError: `no ${channel} provider is set` };

      let keys = notice.quotaKeys;
      if (keys.length === 0) {
        const reservation = await quota.reserve(notice.id, contact.ownerUserId, channel);
        if (!reservation.ok) return { status: 'no_quota', lastError: reservation.message };
        keys = reservation.keys;
        await repo.setQuotaKeys(notice.id, keys);
      }
      let result: SendResult;
      try {
        result = await send(channel, row, planned.kind, phone.e164, planned.params, String(notice.id));
      } catch (error) {
        await quota.void(keys);
        const message = error instanceof Error ? error.message : String(error);
        return { status: 'failed', lastError: `INVALID_SETTINGS: ${message}` };
      }
      const digest = planned.digestCount !== undefined ? { digestCount: planned.digestCount } : {};
      if (result.accepted) {
        await quota.post(keys);
        return {
          status: 'sent',
          lastError: '',
          sentAt: clock(),
          providerId: result.providerId,
          providerAnswer: answerText(result),
          ...digest,
        };
      }
      if (result.retryable && notice.attempts < MAX_ATTEMPTS)
        return {
          status: 'pending',
          lastError: `${result.code}: ${result.message}`,
          providerAnswer: answerText(result),
          nextAttemptAt: deps.retryAt(notice.attempts),
        };
      await quota.void(keys);
      return {
        status: 'failed',
        lastError: `${result.code}: ${result.message}`,
        providerAnswer: answerText(result),
      };
    },
  };
}

export type SmsDelivery = ReturnType<typeof createSmsDelivery>;
