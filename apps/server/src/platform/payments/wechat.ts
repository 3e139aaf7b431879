import {
  createDecipheriv,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import {
  type Answer,
  DEFAULT_TIMEOUT_MS,
  header,
  type IncomingNotification,
  isRefusal,
  NotificationRejected,
  type PaymentProvider,
  type RefundQuery,
  type RefundState,
  type Refusal,
  refuse,
  send,
  type TradeState,
  type TradeStatus,
  type VerifiedNotification,
  type VerifiedRefundNotification,
} from './provider.js';

/**
 * WeChat Pay APIv3, Native payment (the payer scans a QR code), written against the documented API:
 * - requests: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="",nonce_str="",signature="",
 *   timestamp="",serial_no=""`, the signature SHA256withRSA (merchant private key) over
 *   `METHOD\nURL\ntimestamp\nnonce\nbody\n`, base64;
 * - answers and notifications: `Wechatpay-Signature` SHA256withRSA over `timestamp\nnonce\nbody\n`
 *   checked with the platform certificate's public key (`Wechatpay-Serial` names it);
 * - notification resources: AEAD_AES_256_GCM with the APIv3 key, the 12-character nonce and the
 *   associated data; the ciphertext ends with the 16-byte tag.
 */

export const WECHAT_ENDPOINT = 'https://api.mch.weixin.qq.com';
/** Notifications and answers older than this are refused (replay). */
export const WECHAT_MAX_SKEW_S = 300;

export interface WechatPaySettings {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  merchantSerialNo: string;
  /** PEM (PKCS#8) of the merchant API private key, in clear (opened from the SecretBox just before). */
  merchantPrivateKey: string;
  /** The APIv3 key: 32 characters, in clear. */
  apiV3Key: string;
  /** PEM of the platform public key (or certificate) that signs answers and notifications. */
  platformPublicKey: string;
  endpoint?: string;
  timeoutMs?: number;
  now?: () => Date;
}

export function wechatRequestSignature(
  privateKey: string | KeyObject,
  method: string,
  urlPath: string,
  timestamp: number,
  nonce: string,
  body: string,
): string {
  return createSign('RSA-SHA256')
    .update(`${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`)
    .sign(privateKey, 'base64');
}

export function wechatVerify(
  publicKey: string | KeyObject,
  timestamp: string,
  nonce: string,
  body: string,
  signature: string,
): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM of a notification resource; throws on a wrong key or a tampered text. */
export function wechatDecrypt(
  apiV3Key: string,
  nonce: string,
  associatedData: string,
  ciphertext: string,
): string {
  const raw = Buffer.from(ciphertext, 'base64');
  if (raw.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const REFUND_STATES: Record<string, RefundState> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'closed',
  ABNORMAL: 'closed',
};

const TRADE_STATES: Record<string, TradeState> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'unpaid',
};

/** RFC 3339 with the +08:00 offset, as the documentation shows time_expire. */
function rfc3339Beijing(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return `${local}+08:00`;
}

export function createWechatPay(settings: WechatPaySettings): PaymentProvider {
  const endpoint = (settings.endpoint ?? WECHAT_ENDPOINT).replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = settings.now ?? (() => new Date());
  if (Buffer.byteLength(settings.apiV3Key, 'utf8') !== 32)
    throw new Error('the APIv3 key must be 32 characters');
  const platformKey = createPublicKey(settings.platformPublicKey);

  const fresh = (timestamp: string) => {
    const t = Number(timestamp);
    return Number.isInteger(t) && Math.abs(now().getTime() / 1000 - t) <= WECHAT_MAX_SKEW_S;
  };

  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> | null } | Refusal> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    const nonce = randomBytes(16).toString('hex');
    const signature = wechatRequestSignature(
      settings.merchantPrivateKey,
      method,
      path,
      timestamp,
      nonce,
      body,
    );
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${settings.merchantSerialNo}"`;
    const result = await send(
      endpoint + path,
      {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'User-Agent': 'fleet-platform',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
      },
      timeoutMs,
    );
    if (isRefusal(result)) return result;
    // Every answer of APIv3 is signed, errors included: an unsigned or forged one is not trusted.
    const ts = result.headers.get('wechatpay-timestamp') ?? '';
    const ok = wechatVerify(
      platformKey,
      ts,
      result.headers.get('wechatpay-nonce') ?? '',
      result.text,
      result.headers.get('wechatpay-signature') ?? '',
    );
    if (!ok || !fresh(ts)) {
      return refuse(
        'BAD_SIGNATURE',
        `answer ${result.status} without a valid platform signature`,
        result.status >= 500,
      );
    }
    let json: Record<string, unknown> | null = null;
    try {
      json = result.text ? (JSON.parse(result.text) as Record<string, unknown>) : null;
    } catch {
      return refuse('BAD_ANSWER', `answer ${result.status} is not JSON`, true);
    }
    return { status: result.status, json };
  }

  /** Signature (platform key), freshness, then the decrypted resource of a notification. */
  function open(
    headers: IncomingNotification['headers'],
    body: string,
  ): { eventType: unknown; plain: Record<string, unknown> } {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const ok = wechatVerify(
      platformKey,
      timestamp,
      header(headers, 'wechatpay-nonce'),
      body,
      header(headers, 'wechatpay-signature'),
    );
    if (!ok) throw new NotificationRejected('BAD_SIGNATURE', 'the Wechatpay-Signature does not verify');
    if (!fresh(timestamp))
      throw new NotificationRejected('STALE', 'the Wechatpay-Timestamp is too old or too new');
    let resource: { ciphertext?: string; nonce?: string; associated_data?: string; algorithm?: string };
    let eventType: unknown;
    try {
      const parsed = JSON.parse(body) as { resource?: typeof resource; event_type?: unknown };
      resource = parsed.resource ?? {};
      eventType = parsed.event_type;
    } catch {
      throw new NotificationRejected('BAD_BODY', 'the notification is not JSON');
    }
    if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) {
      throw new NotificationRejected('BAD_BODY', 'the notification has no encrypted resource');
    }
    let plain: Record<string, unknown>;
    try {
      plain = JSON.parse(
        wechatDecrypt(settings.apiV3Key, resource.nonce, resource.associated_data ?? '', resource.ciphertext),
      ) as Record<string, unknown>;
    } catch {
      throw new NotificationRejected('DECRYPT_FAILED', 'the resource does not decrypt with the APIv3 key');
    }
    return { eventType, plain };
  }

  const failure = (status: number, json: Record<string, unknown> | null): Refusal => {
    const code = typeof json?.code === 'string' ? json.code : `HTTP_${status}`;
    const message = typeof json?.message === 'string' ? json.message : `answer ${status}`;
    return refuse(code, message, status >= 500 || status === 429);
  };

  return {
    name: 'wechat',
    appId: settings.appId,

    async createQrOrder(input): Promise<Answer<{ codeUrl: string }>> {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: input.description.slice(0, 127),
        out_trade_no: input.outTradeNo,
        time_expire: rfc3339Beijing(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amount, currency: 'CNY' },
      });
      if ('ok' in answer) return answer;
      const codeUrl = answer.json?.code_url;
      if (answer.status !== 200 || typeof codeUrl !== 'string') return failure(answer.status, answer.json);
      return { ok: true, codeUrl };
    },

    async query(outTradeNo): Promise<Answer<TradeStatus>> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`,
      );
      if ('ok' in answer) return answer;
      if (answer.status === 404) return { ok: true, state: 'not_found', amount: 0 };
      if (answer.status !== 200 || !answer.json) return failure(answer.status, answer.json);
      const j = answer.json as {
        trade_state?: string;
        transaction_id?: string;
        success_time?: string;
        amount?: { total?: number };
      };
      const state = TRADE_STATES[j.trade_state ?? ''];
      if (!state) return refuse('BAD_ANSWER', `unknown trade_state ${String(j.trade_state)}`, true);
      return {
        ok: true,
        state,
        amount: Number(j.amount?.total ?? 0),
        ...(j.transaction_id ? { transactionId: j.transaction_id } : {}),
        paidAt: j.success_time ? new Date(j.success_time) : null,
      };
    },

    async close(outTradeNo): Promise<Answer<{ alreadyPaid?: boolean }>> {
      const answer = await call(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
        {
          mchid: settings.mchId,
        },
      );
      if ('ok' in answer) return answer;
      if (answer.status === 204 || answer.status === 200) return { ok: true };
      if (answer.json?.code === 'ORDER_NOT_EXIST') return { ok: true };
      if (answer.json?.code === 'ORDERPAID') return { ok: true, alreadyPaid: true };
      return failure(answer.status, answer.json);
    },

    async refund(input) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: input.reason.slice(0, 80),
        notify_url: input.notifyUrl,
        amount: { refund: input.amount, total: input.total, currency: 'CNY' },
      });
      if ('ok' in answer) return answer;
      if (answer.status !== 200 || !answer.json) return failure(answer.status, answer.json);
      const state = REFUND_STATES[String(answer.json.status)];
      if (!state) return refuse('BAD_ANSWER', `unknown refund status ${String(answer.json.status)}`, true);
      return { ok: true, state, refundId: String(answer.json.refund_id ?? '') };
    },

    async queryRefund({ outRefundNo }): Promise<Answer<RefundQuery>> {
      const answer = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      if ('ok' in answer) return answer;
      // Documented for a refund number WeChat never received; any other 404 is not an outcome.
      if (answer.status === 404 && answer.json?.code === 'RESOURCE_NOT_EXISTS')
        return { ok: true, state: 'not_found', refundId: '', amount: 0 };
      if (answer.status !== 200 || !answer.json) return failure(answer.status, answer.json);
      const state = REFUND_STATES[String(answer.json.status)];
      if (!state) return refuse('BAD_ANSWER', `unknown refund status ${String(answer.json.status)}`, true);
      const amount = Number((answer.json.amount as { refund?: unknown } | undefined)?.refund ?? 0);
      return { ok: true, state, refundId: String(answer.json.refund_id ?? ''), amount };
    },

    verifyRefundNotification({ headers, body }): VerifiedRefundNotification {
      const { eventType, plain } = open(headers, body);
      const amount = (plain.amount as { refund?: unknown } | undefined)?.refund;
      if (
        typeof plain.out_refund_no !== 'string' ||
        typeof amount !== 'number' ||
        !Number.isSafeInteger(amount)
      ) {
        throw new NotificationRejected('BAD_BODY', 'the refund has no refund number or amount');
      }
      const state = REFUND_STATES[String(plain.refund_status)];
      if (!state || !String(eventType).startsWith('REFUND.')) {
        throw new NotificationRejected('BAD_BODY', `not a refund outcome (${String(eventType)})`);
      }
      return {
        merchantId: String(plain.mchid ?? ''),
        outTradeNo: String(plain.out_trade_no ?? ''),
        outRefundNo: plain.out_refund_no,
        refundId: String(plain.refund_id ?? ''),
        amount,
        state,
      };
    },

    verifyNotification({ headers, body }): VerifiedNotification {
      const { eventType, plain } = open(headers, body);
      const amount = (plain.amount as { total?: unknown } | undefined)?.total;
      if (
        typeof plain.out_trade_no !== 'string' ||
        typeof amount !== 'number' ||
        !Number.isSafeInteger(amount)
      ) {
        throw new NotificationRejected('BAD_BODY', 'the transaction has no order number or amount');
      }
      const state = eventType === 'TRANSACTION.SUCCESS' ? TRADE_STATES[String(plain.trade_state)] : undefined;
      return {
        provider: 'wechat',
        appId: String(plain.appid ?? ''),
        merchantId: String(plain.mchid ?? ''),
        outTradeNo: plain.out_trade_no,
        transactionId: String(plain.transaction_id ?? ''),
        amount,
        state: state ?? 'unpaid',
        paidAt: typeof plain.success_time === 'string' ? new Date(plain.success_time) : null,
      };
    },

    success: () => ({ status: 204, contentType: 'application/json', body: '' }),
    failure: (message) => ({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'FAIL', message }),
    }),
  };
}
