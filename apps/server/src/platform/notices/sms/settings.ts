import type { SecretBox } from '../../crypto/secret-box.js';
import { createAliyunSms, createAliyunVoice } from './aliyun.js';
import type { SmsProvider, VoiceProvider } from './provider.js';
import { createTencentSms, createTencentVoice } from './tencent.js';

/**
 * What a notice is about; each needs its own approved template at the provider (the providers refuse
 * free text). 'code' is the sign-in / phone binding verification code of issue 21 item 4; 'expiry'
 * the service expiry notice of issue 20 item 4.
 */
export const SMS_NOTICE_KINDS = ['alarm', 'recovery', 'test', 'code', 'expiry'] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

/**
 * Platform-level settings of one provider account, as they will be stored (the storage, routes and
 * screens are a later slice). `accessKeySecret` is kept sealed by the SecretBox (`sb1:...`) and only
 * opened here, just before the adapter is built; nothing else ever sees it in clear.
 */
export interface SmsProviderSettings {
  provider: 'aliyun' | 'tencent';
  /** Aliyun AccessKey ID / Tencent SecretId. */
  accessKeyId: string;
  /** Sealed Aliyun AccessKey secret / Tencent SecretKey. */
  accessKeySecret: string;
  /** Overrides the public endpoint (a private gateway, a test server). */
  endpoint?: string;
  /** Aliyun RegionId (cn-hangzhou) / Tencent X-TC-Region (ap-guangzhou). */
  region?: string;
  /** Tencent only: SmsSdkAppId (SMS) or VoiceSdkAppid (voice). */
  sdkAppId?: string;
  /** SMS: the approved signature. */
  signName?: string;
  /** Voice, Aliyun: CalledShowNumber bought in the console (omit for the public pool). */
  showNumber?: string;
  /** Voice: 1 to 3 plays of the message (default 2). */
  playTimes?: number;
  /** Template code (SMS) or TTS code (voice) per notice kind. */
  templates: Partial<Record<SmsNoticeKind, string>>;
  timeoutMs?: number;
}

/** A problem a person must fix in the settings (never carries the secret). */
export class ProviderSettingsError extends Error {}

function credentials(settings: SmsProviderSettings, box: SecretBox) {
  if (!settings.accessKeyId || !settings.accessKeySecret) {
    throw new ProviderSettingsError('the access key id and secret are required');
  }
  let secret: string;
  try {
    secret = box.open(settings.accessKeySecret);
  } catch {
    throw new ProviderSettingsError(
      'the stored access key secret cannot be opened with this installation key',
    );
  }
  return {
    accessKeyId: settings.accessKeyId,
    accessKeySecret: secret,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
  };
}

function tencentAppId(settings: SmsProviderSettings): string {
  if (!settings.sdkAppId) throw new ProviderSettingsError('Tencent needs the application id (SdkAppId)');
  return settings.sdkAppId;
}

export function smsProviderFrom(settings: SmsProviderSettings, box: SecretBox): SmsProvider {
  const c = credentials(settings, box);
  return settings.provider === 'aliyun'
    ? createAliyunSms({ ...c, ...(settings.region ? { regionId: settings.region } : {}) })
    : createTencentSms({
        ...c,
        sdkAppId: tencentAppId(settings),
        ...(settings.region ? { region: settings.region } : {}),
      });
}

export function voiceProviderFrom(settings: SmsProviderSettings, box: SecretBox): VoiceProvider {
  const c = credentials(settings, box);
  const playTimes = settings.playTimes ? { playTimes: settings.playTimes } : {};
  return settings.provider === 'aliyun'
    ? createAliyunVoice({
        ...c,
        ...playTimes,
        ...(settings.region ? { regionId: settings.region } : {}),
        ...(settings.showNumber ? { showNumber: settings.showNumber } : {}),
      })
    : createTencentVoice({
        ...c,
        ...playTimes,
        sdkAppId: tencentAppId(settings),
        ...(settings.region ? { region: settings.region } : {}),
      });
}

/** The template of a notice kind, or a settings error naming the kind. */
export function templateFor(settings: SmsProviderSettings, kind: SmsNoticeKind): string {
  const code = settings.templates[kind];
  if (!code) throw new ProviderSettingsError(`no ${settings.provider} template is set for ${kind} notices`);
  return code;
}

/** A stored settings row (`sms_provider_settings`) as the adapters take it. */
export interface StoredProviderSettings {
  provider: string;
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
  region: string;
  sdkAppId: string;
  signName: string;
  showNumber: string;
  playTimes: number;
  templates: Record<string, string>;
}

export function settingsFromRow(row: StoredProviderSettings, timeoutMs?: number): SmsProviderSettings {
  const templates: Partial<Record<SmsNoticeKind, string>> = {};
  for (const kind of SMS_NOTICE_KINDS) if (row.templates[kind]) templates[kind] = row.templates[kind];
  return {
    provider: row.provider === 'tencent' ? 'tencent' : 'aliyun',
    accessKeyId: row.accessKeyId,
    accessKeySecret: row.accessKeySecret,
    ...(row.endpoint ? { endpoint: row.endpoint } : {}),
    ...(row.region ? { region: row.region } : {}),
    ...(row.sdkAppId ? { sdkAppId: row.sdkAppId } : {}),
    ...(row.signName ? { signName: row.signName } : {}),
    ...(row.showNumber ? { showNumber: row.showNumber } : {}),
    playTimes: row.playTimes,
    templates,
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}
