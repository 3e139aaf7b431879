import { createHmac, randomUUID } from 'node:crypto';
import { isMainland, parsePhone } from './phone.js';
import {
  DEFAULT_TIMEOUT_MS,
  type DeliveryReceipt,
  type ParsedReceipts,
  type ProviderCredentials,
  type SendResult,
  type SmsProvider,
  type TransportOptions,
  type VoiceProvider,
} from './provider.js';
import { beijingTime, isRefusal, post, refuse, scrub } from './transport.js';

/**
 * Aliyun RPC-style APIs (dysmsapi SendSms, dyvmsapi SingleCallByTts), signed with the documented
 * "signature version 1.0": HMAC-SHA1 with key `secret&` over
 * `POST&%2F&` + percentEncode(sorted, percent-encoded `k=v&...`), base64, sent as `Signature`.
 * Written against the documented API instead of @alicloud/dysmsapi20170525 so one small module covers
 * SMS and voice, with plain http to a local test server and our own timeout and error classes.
 */

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const ALIYUN_VOICE_ENDPOINT = 'https://dyvmsapi.aliyuncs.com';
export const ALIYUN_API_VERSION = '2017-05-25';

/** RFC 3986 percent-encoding as the signature needs it (space %20, `*` %2A, `~` kept). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonicalized query string: every parameter but Signature, sorted by name, encoded. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] as string)}`)
    .join('&');
}

export function aliyunStringToSign(method: string, params: Record<string, string>): string {
  return `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
}

export function aliyunSignature(secret: string, method: string, params: Record<string, string>): string {
  return createHmac('sha1', `${secret}&`).update(aliyunStringToSign(method, params)).digest('base64');
}

/** `2017-05-25T12:00:00Z` (no milliseconds), as the documentation requires. */
const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/**
 * Codes the documentation lists as "try again later": flow control and provider-side trouble.
 * Everything else (signature, key, template, number, balance, content) needs a person to act.
 */
const ALIYUN_RETRYABLE = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.DAY_LIMIT_CONTROL',
  'isp.SYSTEM_ERROR',
  'isp.GATEWAY_ERROR',
  'SignatureNonceUsed',
  'ServiceUnavailable',
  'InternalError',
  'Throttling',
  'Throttling.User',
  'Throttling.Api',
  'Throttling.Api.Voice',
  'isv.BUSINESS_LIMIT_CONTROL_VOICE',
]);

export function aliyunRetryable(code: string): boolean {
  return ALIYUN_RETRYABLE.has(code) || code.startsWith('Throttling');
}

export interface AliyunSettings extends ProviderCredentials, TransportOptions {
  /** RegionId sent with every request (default cn-hangzhou, the documented value for both APIs). */
  regionId?: string;
}

interface RpcAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
  CallId?: string;
}

async function callRpc(
  settings: AliyunSettings,
  defaultEndpoint: string,
  action: string,
  business: Record<string, string>,
  idField: 'BizId' | 'CallId',
): Promise<SendResult> {
  const now = settings.now?.() ?? new Date();
  const params: Record<string, string> = {
    AccessKeyId: settings.accessKeyId,
    Action: action,
    Format: 'JSON',
    RegionId: settings.regionId ?? 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: isoSeconds(now),
    Version: ALIYUN_API_VERSION,
    ...business,
  };
  params.Signature = aliyunSignature(settings.accessKeySecret, 'POST', params);
  const body = Object.entries(params)
    .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
    .join('&');
  const endpoint = (settings.endpoint ?? defaultEndpoint).replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const answer = await post(
    `${endpoint}/`,
    { headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body },
    timeoutMs,
  );
  if (isRefusal(answer)) return answer;
  const secrets = [settings.accessKeySecret, params.Signature];
  const a = (answer.json ?? {}) as RpcAnswer;
  const requestId = typeof a.RequestId === 'string' ? a.RequestId : undefined;
  if (typeof a.Code !== 'string') {
    // No documented body: a proxy or the provider in trouble.
    return answer.status >= 500 || answer.status === 429
      ? refuse(`HTTP_${answer.status}`, `Aliyun answered HTTP ${answer.status}`, true)
      : refuse(
          'BAD_ANSWER',
          `Aliyun answered HTTP ${answer.status} without a result code`,
          answer.status >= 500,
        );
  }
  if (a.Code === 'OK') {
    const id = a[idField];
    if (typeof id !== 'string' || id === '')
      return refuse('BAD_ANSWER', `Aliyun accepted without a ${idField}`, false, requestId);
    return { accepted: true, providerId: id, ...(requestId ? { requestId } : {}) };
  }
  // SignatureDoesNotMatch carries the whole string to sign (phone number, parameters): keep the verdict.
  const message = scrub(String(a.Message ?? a.Code).split(' server string to sign is')[0] as string, secrets);
  return refuse(a.Code, message, aliyunRetryable(a.Code) || answer.status >= 500, requestId);
}

/** PhoneNumbers: mainland numbers bare, others as country code + number without '+'. */
function aliyunSmsNumber(phone: string): string | null {
  const p = parsePhone(phone);
  if (!p) return null;
  return isMainland(p) ? p.national : p.e164.slice(1);
}

export function createAliyunSms(settings: AliyunSettings): SmsProvider {
  return {
    name: 'aliyun',
    async send(m) {
      const number = aliyunSmsNumber(m.phone);
      if (!number) return refuse('INVALID_PHONE', 'not an E.164 or mainland mobile number', false);
      if (!m.templateCode || !m.signName)
        return refuse('INVALID_SETTINGS', 'template code and sign name are required', false);
      return callRpc(
        settings,
        ALIYUN_SMS_ENDPOINT,
        'SendSms',
        {
          PhoneNumbers: number,
          SignName: m.signName,
          TemplateCode: m.templateCode,
          ...(Object.keys(m.params).length ? { TemplateParam: JSON.stringify(m.params) } : {}),
          ...(m.outId ? { OutId: m.outId } : {}),
        },
        'BizId',
      );
    },
  };
}

export interface AliyunVoiceSettings extends AliyunSettings {
  /** CalledShowNumber: a number bought in the voice console; omitted = the public number pool. */
  showNumber?: string;
  /** PlayTimes 1 to 3 (default 2: a sleeping engineer may miss the first). */
  playTimes?: number;
}

export function createAliyunVoice(settings: AliyunVoiceSettings): VoiceProvider {
  return {
    name: 'aliyun',
    async call(c) {
      const p = parsePhone(c.phone);
      if (!p || !isMainland(p))
        return refuse('INVALID_PHONE', 'voice calls need a mainland mobile number', false);
      if (!c.ttsCode) return refuse('INVALID_SETTINGS', 'the TTS template code is required', false);
      return callRpc(
        settings,
        ALIYUN_VOICE_ENDPOINT,
        'SingleCallByTts',
        {
          CalledNumber: p.national,
          TtsCode: c.ttsCode,
          PlayTimes: String(settings.playTimes ?? 2),
          ...(settings.showNumber ? { CalledShowNumber: settings.showNumber } : {}),
          ...(Object.keys(c.params).length ? { TtsParam: JSON.stringify(c.params) } : {}),
          ...(c.outId ? { OutId: c.outId } : {}),
        },
        'CallId',
      );
    },
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * SmsReport pushed over HTTP (a JSON array): `{ phone_number, send_time, report_time, success,
 * err_code, err_msg, sms_size, biz_id, out_id }`. Answer the push with ALIYUN_RECEIPT_ANSWER.
 */
export function parseAliyunSmsReport(body: unknown): ParsedReceipts {
  const items = Array.isArray(body) ? body : [];
  const receipts: DeliveryReceipt[] = [];
  let dropped = Array.isArray(body) ? 0 : 1;
  for (const item of items) {
    const r = (item ?? {}) as Record<string, unknown>;
    const providerId = str(r.biz_id);
    const phone = str(r.phone_number);
    const success = r.success === true || r.success === 'true';
    if (!providerId || !phone || (typeof r.success !== 'boolean' && typeof r.success !== 'string')) {
      dropped += 1;
      continue;
    }
    receipts.push({
      providerId,
      phone,
      status: success ? 'delivered' : 'failed',
      at: beijingTime(r.report_time),
      code: str(r.err_code) ?? (success ? 'DELIVERED' : 'UNKNOWN'),
      message: str(r.err_msg) ?? '',
      ...(str(r.out_id) ? { outId: str(r.out_id) as string } : {}),
    });
  }
  return { receipts, dropped };
}

/**
 * VoiceReport pushed over HTTP (a JSON array, after the call ended): `{ call_id, status_code,
 * status_msg, out_id, callee, start_time, end_time, duration, ... }`. status_code 200000 is a
 * normal answered call; every other final code is a failure (busy, no answer, off, empty number...).
 */
export function parseAliyunVoiceReport(body: unknown): ParsedReceipts {
  const items = Array.isArray(body) ? body : [];
  const receipts: DeliveryReceipt[] = [];
  let dropped = Array.isArray(body) ? 0 : 1;
  for (const item of items) {
    const r = (item ?? {}) as Record<string, unknown>;
    const providerId = str(r.call_id);
    const code = str(r.status_code);
    if (!providerId || !code) {
      dropped += 1;
      continue;
    }
    receipts.push({
      providerId,
      phone: str(r.callee) ?? '',
      status: code === '200000' ? 'delivered' : 'failed',
      at: beijingTime(r.end_time) ?? beijingTime(r.status_time),
      code,
      message: str(r.status_msg) ?? '',
      ...(str(r.out_id) ? { outId: str(r.out_id) as string } : {}),
    });
  }
  return { receipts, dropped };
}

/** What the HTTP push expects back (any other answer or a non-200 makes Aliyun push again). */
export const ALIYUN_RECEIPT_ANSWER = { code: 0, msg: '接收成功' } as const;
