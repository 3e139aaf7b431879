import { createHash, createHmac } from 'node:crypto';
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
import { beijingTime, isRefusal, post, refuse, scrub, unixSeconds } from './transport.js';

/**
 * Tencent Cloud API 3.0 (sms SendSms 2021-01-11, vms SendTtsVoice 2020-09-02), signed with the
 * documented TC3-HMAC-SHA256: a canonical request (method, `/`, empty query, the signed headers
 * `content-type;host;x-tc-action` lower-cased, hex SHA-256 of the JSON body), a string to sign
 * `TC3-HMAC-SHA256\n<ts>\n<date>/<service>/tc3_request\n<hex sha256 of the canonical request>`, and a
 * key derived `TC3<secret>` -> date -> service -> `tc3_request`. Written against the documented API
 * instead of tencentcloud-sdk-nodejs-sms for the same reasons as the Aliyun adapter.
 */

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';
export const TENCENT_VOICE_ENDPOINT = 'https://vms.tencentcloudapi.com';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretKey: string;
  service: string;
  /** Unix seconds. */
  timestamp: number;
  method: string;
  /** Lower-case header names to their values, only those signed. */
  signedHeaders: Record<string, string>;
  payload: string;
}

export function tc3CanonicalRequest(i: Tc3Input): { canonical: string; signedHeaders: string } {
  const names = Object.keys(i.signedHeaders)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(i.signedHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const headers = names.map((n) => `${n}:${String(lower[n]).trim().toLowerCase()}\n`).join('');
  const signedHeaders = names.join(';');
  return {
    canonical: `${i.method}\n/\n\n${headers}\n${signedHeaders}\n${sha256Hex(i.payload)}`,
    signedHeaders,
  };
}

export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export function tc3Signature(i: Tc3Input): { signature: string; signedHeaders: string; scope: string } {
  const { canonical, signedHeaders } = tc3CanonicalRequest(i);
  const date = tc3Date(i.timestamp);
  const scope = `${date}/${i.service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${i.timestamp}\n${scope}\n${sha256Hex(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  return { signature: createHmac('sha256', key).update(toSign, 'utf8').digest('hex'), signedHeaders, scope };
}

/**
 * Retryable: frequency limits (per number per 30 s / hour / day, per app, API rate) and Tencent's
 * own trouble. Authentication, parameters, templates, signatures, balance and blacklists are not.
 */
export function tencentRetryable(code: string): boolean {
  if (code === 'InternalError.SigFieldMissing' || code === 'InternalError.RequestTimeException') return false;
  return (
    code.startsWith('LimitExceeded.') ||
    code.startsWith('RequestLimitExceeded') ||
    code.startsWith('InternalError') ||
    code === 'ResourceUnavailable' ||
    code === 'FailedOperation.ServiceUnavailable'
  );
}

export interface TencentSettings extends ProviderCredentials, TransportOptions {
  /** X-TC-Region (default ap-guangzhou). */
  region?: string;
}

export interface TencentSmsSettings extends TencentSettings {
  /** SmsSdkAppId of the SMS application (console > application list). */
  sdkAppId: string;
}

export interface TencentVoiceSettings extends TencentSettings {
  /** VoiceSdkAppid of the voice application. */
  sdkAppId: string;
  /** PlayTimes 1 to 3 (default 2). */
  playTimes?: number;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

async function callApi(
  settings: TencentSettings,
  defaultEndpoint: string,
  service: string,
  action: string,
  version: string,
  payloadObject: unknown,
): Promise<
  { response: Record<string, unknown>; requestId?: string } | Extract<SendResult, { accepted: false }>
> {
  const endpoint = (settings.endpoint ?? defaultEndpoint).replace(/\/+$/, '');
  const host = new URL(endpoint).host;
  const timestamp = Math.floor((settings.now?.() ?? new Date()).getTime() / 1000);
  const payload = JSON.stringify(payloadObject);
  const { signature, signedHeaders, scope } = tc3Signature({
    secretKey: settings.accessKeySecret,
    service,
    timestamp,
    method: 'POST',
    signedHeaders: { 'content-type': CONTENT_TYPE, host, 'x-tc-action': action },
    payload,
  });
  const answer = await post(
    `${endpoint}/`,
    {
      headers: {
        authorization: `TC3-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
        'content-type': CONTENT_TYPE,
        'x-tc-action': action,
        'x-tc-version': version,
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': settings.region ?? 'ap-guangzhou',
      },
      body: payload,
    },
    settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  if (isRefusal(answer)) return answer;
  const response = ((answer.json ?? {}) as { Response?: Record<string, unknown> }).Response;
  if (!response || typeof response !== 'object') {
    return answer.status >= 500 || answer.status === 429
      ? refuse(`HTTP_${answer.status}`, `Tencent answered HTTP ${answer.status}`, true)
      : refuse('BAD_ANSWER', `Tencent answered HTTP ${answer.status} without a Response`, false);
  }
  const requestId = typeof response.RequestId === 'string' ? response.RequestId : undefined;
  const error = response.Error as { Code?: unknown; Message?: unknown } | undefined;
  if (error) {
    const code = typeof error.Code === 'string' ? error.Code : 'UNKNOWN';
    const message = scrub(String(error.Message ?? code), [settings.accessKeySecret, signature]);
    return refuse(code, message, tencentRetryable(code) || answer.status >= 500, requestId);
  }
  return { response, ...(requestId ? { requestId } : {}) };
}

/** Template parameters in order: numeric keys by number ({1}, {2}...), otherwise insertion order. */
export function tencentParamSet(params: Record<string, string>): string[] {
  const keys = Object.keys(params);
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) keys.sort((a, b) => Number(a) - Number(b));
  return keys.map((k) => String(params[k]));
}

export function createTencentSms(settings: TencentSmsSettings): SmsProvider {
  return {
    name: 'tencent',
    async send(m) {
      const p = parsePhone(m.phone);
      if (!p) return refuse('INVALID_PHONE', 'not an E.164 or mainland mobile number', false);
      if (!m.templateCode || !m.signName)
        return refuse('INVALID_SETTINGS', 'template code and sign name are required', false);
      const result = await callApi(settings, TENCENT_SMS_ENDPOINT, 'sms', 'SendSms', '2021-01-11', {
        PhoneNumberSet: [p.e164],
        SmsSdkAppId: settings.sdkAppId,
        TemplateId: m.templateCode,
        SignName: m.signName,
        TemplateParamSet: tencentParamSet(m.params),
        ...(m.outId ? { SessionContext: m.outId } : {}),
      });
      if ('accepted' in result) return result;
      // The request succeeded; each number has its own status.
      const set = result.response.SendStatusSet;
      const status = (Array.isArray(set) ? set[0] : undefined) as Record<string, unknown> | undefined;
      if (!status || typeof status.Code !== 'string') {
        return refuse('BAD_ANSWER', 'Tencent answered without a send status', false, result.requestId);
      }
      if (status.Code === 'Ok') {
        const id = status.SerialNo;
        if (typeof id !== 'string' || !id)
          return refuse('BAD_ANSWER', 'Tencent accepted without a SerialNo', false, result.requestId);
        return {
          accepted: true,
          providerId: id,
          ...(result.requestId ? { requestId: result.requestId } : {}),
        };
      }
      return refuse(
        status.Code,
        scrub(String(status.Message ?? status.Code), [settings.accessKeySecret]),
        tencentRetryable(status.Code),
        result.requestId,
      );
    },
  };
}

export function createTencentVoice(settings: TencentVoiceSettings): VoiceProvider {
  return {
    name: 'tencent',
    async call(c) {
      const p = parsePhone(c.phone);
      if (!p || !isMainland(p))
        return refuse('INVALID_PHONE', 'voice calls need a mainland mobile number', false);
      if (!c.ttsCode) return refuse('INVALID_SETTINGS', 'the TTS template id is required', false);
      const result = await callApi(settings, TENCENT_VOICE_ENDPOINT, 'vms', 'SendTtsVoice', '2020-09-02', {
        TemplateId: c.ttsCode,
        TemplateParamSet: tencentParamSet(c.params),
        CalledNumber: p.e164,
        VoiceSdkAppid: settings.sdkAppId,
        PlayTimes: settings.playTimes ?? 2,
        ...(c.outId ? { SessionContext: c.outId } : {}),
      });
      if ('accepted' in result) return result;
      const status = result.response.SendStatus as { CallId?: unknown } | undefined;
      const id = status?.CallId;
      if (typeof id !== 'string' || !id)
        return refuse('BAD_ANSWER', 'Tencent accepted without a CallId', false, result.requestId);
      return { accepted: true, providerId: id, ...(result.requestId ? { requestId: result.requestId } : {}) };
    },
  };
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/**
 * SMS status callback (a JSON array): `{ user_receive_time, nationcode, mobile, report_status
 * SUCCESS|FAIL, errmsg (DELIVRD...), description, sid }`; sid is the SerialNo answered at send time.
 * Answer with TENCENT_RECEIPT_ANSWER.
 */
export function parseTencentSmsCallback(body: unknown): ParsedReceipts {
  const items = Array.isArray(body) ? body : [];
  const receipts: DeliveryReceipt[] = [];
  let dropped = Array.isArray(body) ? 0 : 1;
  for (const item of items) {
    const r = (item ?? {}) as Record<string, unknown>;
    const providerId = str(r.sid);
    const status = str(r.report_status);
    if (!providerId || (status !== 'SUCCESS' && status !== 'FAIL')) {
      dropped += 1;
      continue;
    }
    const nation = str(r.nationcode);
    const mobile = str(r.mobile) ?? '';
    receipts.push({
      providerId,
      phone: nation ? `+${nation}${mobile}` : mobile,
      status: status === 'SUCCESS' ? 'delivered' : 'failed',
      at: beijingTime(r.user_receive_time),
      code: str(r.errmsg) ?? status,
      message: str(r.description) ?? '',
    });
  }
  return { receipts, dropped };
}

/**
 * Voice callbacks: `{ voiceprompt_callback: { callid, result '0' answered | '1' not answered | '2'
 * call failed, mobile, nationcode, end_calltime (unix s), ... } }` and `{ voice_failure_callback:
 * { callid, failure_code, failure_reason, mobile, nationcode } }`. Other callbacks (key presses,
 * voice codes) are counted as dropped.
 */
export function parseTencentVoiceCallback(body: unknown): ParsedReceipts {
  const b = (body ?? {}) as Record<string, unknown>;
  const prompt = b.voiceprompt_callback as Record<string, unknown> | undefined;
  const failure = b.voice_failure_callback as Record<string, unknown> | undefined;
  const phoneOf = (r: Record<string, unknown>) => {
    const nation = str(r.nationcode);
    const mobile = str(r.mobile) ?? '';
    return nation ? `+${nation}${mobile}` : mobile;
  };
  if (prompt && typeof prompt === 'object') {
    const providerId = str(prompt.callid);
    const result = str(prompt.result);
    if (!providerId || !result) return { receipts: [], dropped: 1 };
    const messages: Record<string, string> = { '0': 'answered', '1': 'not answered', '2': 'call failed' };
    return {
      receipts: [
        {
          providerId,
          phone: phoneOf(prompt),
          status: result === '0' ? 'delivered' : 'failed',
          at: unixSeconds(prompt.end_calltime),
          code: result,
          message: messages[result] ?? '',
        },
      ],
      dropped: 0,
    };
  }
  if (failure && typeof failure === 'object') {
    const providerId = str(failure.callid);
    if (!providerId) return { receipts: [], dropped: 1 };
    return {
      receipts: [
        {
          providerId,
          phone: phoneOf(failure),
          status: 'failed',
          at: null,
          code: str(failure.failure_code) ?? 'FAILED',
          message: str(failure.failure_reason) ?? '',
        },
      ],
      dropped: 0,
    };
  }
  return { receipts: [], dropped: 1 };
}

export const TENCENT_RECEIPT_ANSWER = { result: 0, errmsg: 'OK' } as const;
