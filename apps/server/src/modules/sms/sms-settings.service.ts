import { randomBytes } from 'node:crypto';
import {
  SMS_CHANNELS,
  type SmsChannel,
  type SmsSettingsInput,
  type SmsSettingsRow,
  type SmsTestAnswer,
} from '@fleet/contracts';
import { requirePlatform } from '../../platform/auth/access.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { noPermission, paramError } from '../../platform/http/errors.js';
import type { SendResult } from '../../platform/notices/sms/provider.js';
import {
  ProviderSettingsError,
  settingsFromRow,
  smsProviderFrom,
  templateFor,
  voiceProviderFrom,
} from '../../platform/notices/sms/settings.js';
import { testParams } from '../../platform/notices/sms/template-params.js';
import type { SmsSettingsRecord, SmsSettingsRepository } from './sms-settings.repository.js';

export interface SmsSettingsServiceDeps {
  repo: SmsSettingsRepository;
  box: SecretBox;
  clock: () => Date;
  /** Provider request timeout (tests shorten it). */
  timeoutMs?: number;
}

/** Where a channel's provider pushes its delivery receipts (docs/notices.md "Delivery receipts"). */
export const receiptPath = (channel: string, token: string) => `/notice/receipt/${channel}/${token}`;

function toRow(channel: SmsChannel, r: SmsSettingsRecord | undefined): SmsSettingsRow {
  return {
    channel,
    configured: Boolean(r),
    provider: r ? (r.provider as SmsSettingsRow['provider']) : null,
    access_key_id: r?.accessKeyId ?? '',
    has_secret: Boolean(r?.accessKeySecret),
    endpoint: r?.endpoint ?? '',
    region: r?.region ?? '',
    sdk_app_id: r?.sdkAppId ?? '',
    sign_name: r?.signName ?? '',
    show_number: r?.showNumber ?? '',
    play_times: r?.playTimes ?? 2,
    templates: r?.templates ?? {},
    receipt_path: r ? receiptPath(channel, r.receiptToken) : null,
    updated_at: r ? r.updatedAt.toISOString() : null,
  };
}

const failure = (code: string, message: string): SmsTestAnswer => ({
  accepted: false,
  retryable: false,
  code,
  message,
  provider_id: '',
});

const answerOf = (result: SendResult): SmsTestAnswer =>
  result.accepted
    ? { accepted: true, retryable: false, code: 'OK', message: '', provider_id: result.providerId }
    : { ...failure(result.code, result.message), retryable: result.retryable };

/**
 * Platform SMS and voice provider settings (issue 21 item 1): platform administrators (user type 0
 * holding Others) read, save and test them. The access key secret is sealed before it is stored and
 * never answered; a save without one keeps the stored secret.
 */
export function createSmsSettingsService(deps: SmsSettingsServiceDeps) {
  const { repo, box } = deps;
  const guard = (scope: Scope) => {
    requirePlatform(scope);
    if (!hasPermission(scope, 'Others')) throw noPermission();
  };

  return {
    async list(scope: Scope): Promise<SmsSettingsRow[]> {
      guard(scope);
      const rows = new Map((await repo.all()).map((r) => [r.channel, r]));
      return SMS_CHANNELS.map((c) => toRow(c, rows.get(c)));
    },

    async save(scope: Scope, channel: SmsChannel, body: SmsSettingsInput): Promise<SmsSettingsRow> {
      guard(scope);
      const current = await repo.get(channel);
      const secret = body.access_key_secret ? box.seal(body.access_key_secret) : current?.accessKeySecret;
      if (!secret) throw paramError('body.access_key_secret: required');
      if (body.provider === 'tencent' && !body.sdk_app_id)
        throw paramError('body.sdk_app_id: required for Tencent');
      if (channel === 'sms' && !body.sign_name) throw paramError('body.sign_name: required for SMS');
      await repo.save({
        channel,
        provider: body.provider,
        accessKeyId: body.access_key_id,
        accessKeySecret: secret,
        endpoint: body.endpoint,
        region: body.region,
        sdkAppId: body.sdk_app_id,
        signName: body.sign_name,
        showNumber: body.show_number,
        playTimes: body.play_times,
        templates: { ...body.templates },
        receiptToken: current?.receiptToken ?? randomBytes(24).toString('base64url'),
      });
      return toRow(channel, (await repo.get(channel)) ?? undefined);
    },

    /** Sends the 'test' template to `phone` now (not through the outbox, and not counted). */
    async test(scope: Scope, channel: SmsChannel, phone: string): Promise<SmsTestAnswer> {
      guard(scope);
      const row = await repo.get(channel);
      if (!row) return failure('NOT_CONFIGURED', `no ${channel} provider is set`);
      try {
        const settings = settingsFromRow(row, deps.timeoutMs);
        const code = templateFor(settings, 'test');
        const params = testParams(deps.clock());
        if (channel === 'sms') {
          const sms = smsProviderFrom(settings, box);
          return answerOf(
            await sms.send({ phone, templateCode: code, signName: settings.signName ?? '', params }),
          );
        }
        const voice = voiceProviderFrom(settings, box);
        return answerOf(await voice.call({ phone, ttsCode: code, params }));
      } catch (error) {
        if (error instanceof ProviderSettingsError) return failure('INVALID_SETTINGS', error.message);
        throw error;
      }
    },
  };
}
