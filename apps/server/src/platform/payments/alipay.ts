import { createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import {
  type Answer,
  type CreateOrderInput,
  centsOfYuan,
  DEFAULT_TIMEOUT_MS,
  isRefusal,
  NotificationRejected,
  type PaymentProvider,
  type RefundQuery,
  type Refusal,
  refuse,
  send,
  type TradeState,
  type TradeStatus,
  type VerifiedNotification,
  yuan,
} from './provider.js';

/**
 * Alipay open platform (gateway.do), written against the documented protocol with node:crypto
 * (alipay-sdk is not installed here and its HTTP client would add a dependency tree for three calls):
 * - requests: the common parameters and `biz_content` (JSON) signed RSA2 = SHA256withRSA with the
 *   application private key over every non-empty parameter except `sign`, sorted by name, `k=v`
 *   joined by `&`, base64; sent as an x-www-form-urlencoded POST;
 * - answers: `{"<method with _>_response": {...}, "sign": "..."}`, the signature over the exact text
 *   of the response object, checked with the Alipay public key;
 * - asynchronous notifications: form parameters, the signature over all of them except `sign` and
 *   `sign_type`, sorted, `k=v` of the decoded values; answered with the text `success` (anything
 *   else and Alipay resends for 25 hours: 4 m, 10 m, 10 m, 1 h, 2 h, 6 h, 15 h).
 */

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipaySettings {
  appId: string;
  /** PEM (PKCS#8 or PKCS#1) of the application private key, in clear (opened from the SecretBox). */
  appPrivateKey: string;
  /** PEM of the Alipay public key. */
  alipayPublicKey: string;
  /** The merchant's Alipay user id (seller_id, 2088...); notifications are checked against it when set. */
  sellerId?: string;
  gateway?: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** The documented content to sign: non-empty parameters but `sign` (and `sign_type` for notifications), sorted. */
export function alipaySignContent(
  params: Record<string, string>,
  omit: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const alipaySign = (content: string, privateKey: string | KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

export function alipayVerify(content: string, signature: string, publicKey: string | KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, the gateway's timestamp format. */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The exact text of `"<key>": {...}` in an answer (what the sign covers), or null. */
export function responseNode(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  const start = text.indexOf('{', at + key.length + 2);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

const TRADE_STATES: Record<string, TradeState> = {
  WAIT_BUYER_PAY: 'unpaid',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** Retryable: Alipay's own trouble (20000, ACQ.SYSTEM_ERROR) and throttling. */
const retryableCode = (code: string, subCode: string) =>
  code === '20000' ||
  subCode === 'ACQ.SYSTEM_ERROR' ||
  subCode.endsWith('FREQUENCY_LIMITED') ||
  code === '40000';

type AlipayFields = Record<string, unknown>;

export interface AlipayProvider extends PaymentProvider {
  /** Page pay (alipay.trade.page.pay): the signed gateway URL to send the browser to. */
  pagePayUrl(input: CreateOrderInput & { returnUrl?: string }): string;
}

export function createAlipay(settings: AlipaySettings): AlipayProvider {
  const gateway = settings.gateway ?? ALIPAY_GATEWAY;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = settings.now ?? (() => new Date());
  const alipayKey = createPublicKey(settings.alipayPublicKey);

  function signed(
    method: string,
    biz: AlipayFields,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = alipaySign(alipaySignContent(params), settings.appPrivateKey);
    return params;
  }

  async function call(
    method: string,
    biz: AlipayFields,
    extra?: Record<string, string>,
  ): Promise<{ fields: AlipayFields } | Refusal> {
    const result = await send(
      gateway,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(signed(method, biz, extra)).toString(),
      },
      timeoutMs,
    );
    if (isRefusal(result)) return result;
    if (result.status !== 200) return refuse(`HTTP_${result.status}`, `answer ${result.status}`, true);
    const key = `${method.replaceAll('.', '_')}_response`;
    const node = responseNode(result.text, key);
    let parsed: { sign?: unknown; [k: string]: unknown };
    try {
      parsed = JSON.parse(result.text) as typeof parsed;
    } catch {
      return refuse('BAD_ANSWER', 'the answer is not JSON', true);
    }
    const fields = (parsed[key] ?? parsed.error_response) as AlipayFields | undefined;
    if (!fields || typeof fields !== 'object') return refuse('BAD_ANSWER', `the answer has no ${key}`, true);
    const code = String(fields.code ?? '');
    const signature = typeof parsed.sign === 'string' ? parsed.sign : '';
    // Success answers must carry a valid signature; an unsigned error (bad app id) only refuses.
    if (signature || code === '10000') {
      if (!node || !alipayVerify(node, signature, alipayKey)) {
        return refuse('BAD_SIGNATURE', 'the answer does not verify with the Alipay public key', false);
      }
    }
    if (code !== '10000') {
      const subCode = String(fields.sub_code ?? '');
      return Object.assign(
        refuse(
          subCode || code || 'BAD_ANSWER',
          String(fields.sub_msg ?? fields.msg ?? 'refused'),
          retryableCode(code, subCode),
        ),
        { fields },
      );
    }
    return { fields };
  }

  return {
    name: 'alipay',
    appId: settings.appId,

    async createQrOrder(input): Promise<Answer<{ codeUrl: string }>> {
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: input.outTradeNo,
          total_amount: yuan(input.amount),
          subject: input.description.slice(0, 256),
          time_expire: alipayTime(input.expiresAt),
        },
        { notify_url: input.notifyUrl },
      );
      if ('ok' in answer) return answer;
      const qr = answer.fields.qr_code;
      if (typeof qr !== 'string' || !qr) return refuse('BAD_ANSWER', 'the answer has no qr_code', true);
      return { ok: true, codeUrl: qr };
    },

    async query(outTradeNo): Promise<Answer<TradeStatus>> {
      const answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if ('ok' in answer) {
        return answer.code === 'ACQ.TRADE_NOT_EXIST' ? { ok: true, state: 'not_found', amount: 0 } : answer;
      }
      const state = TRADE_STATES[String(answer.fields.trade_status)];
      if (!state)
        return refuse('BAD_ANSWER', `unknown trade_status ${String(answer.fields.trade_status)}`, true);
      return {
        ok: true,
        state,
        amount: centsOfYuan(answer.fields.total_amount) ?? 0,
        ...(typeof answer.fields.trade_no === 'string' ? { transactionId: answer.fields.trade_no } : {}),
        paidAt: null,
      };
    },

    async close(outTradeNo): Promise<Answer<{ alreadyPaid?: boolean }>> {
      const answer = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (!('ok' in answer)) return { ok: true };
      // A precreated order nobody scanned does not exist at Alipay yet: nothing to close.
      if (answer.code === 'ACQ.TRADE_NOT_EXIST') return { ok: true };
      if (answer.code === 'ACQ.TRADE_STATUS_ERROR') {
        const q = await this.query(outTradeNo);
        if (q.ok && q.state === 'paid') return { ok: true, alreadyPaid: true };
        if (q.ok && q.state === 'closed') return { ok: true };
      }
      return answer;
    },

    /**
     * alipay.trade.refund: answered synchronously; `fund_change` Y means the money moved now. A retry
     * with the same out_request_no that already succeeded answers 10000 with fund_change N, so the
     * total refunded (`refund_fee`) decides then.
     */
    async refund(input) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: yuan(input.amount),
        out_request_no: input.outRefundNo,
        refund_reason: input.reason.slice(0, 256),
      });
      if ('ok' in answer) return answer;
      const moved = answer.fields.fund_change === 'Y';
      const total = centsOfYuan(answer.fields.refund_fee);
      if (!moved && (total === null || total < input.amount)) {
        return refuse('BAD_ANSWER', 'the refund answer moved no money', true);
      }
      return { ok: true, state: 'success', refundId: String(answer.fields.trade_no ?? '') };
    },

    /**
     * alipay.trade.fastpay.refund.query: documented `refund_status` REFUND_SUCCESS when the refund
     * was made; no refund_status means Alipay never received the request (or refused it): nothing
     * moved under this out_request_no.
     */
    async queryRefund({ outTradeNo, outRefundNo }): Promise<Answer<RefundQuery>> {
      const answer = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: outTradeNo,
        out_request_no: outRefundNo,
      });
      const none = { ok: true as const, state: 'not_found' as const, refundId: '', amount: 0 };
      if ('ok' in answer) return answer.code === 'ACQ.TRADE_NOT_EXIST' ? none : answer;
      const f = answer.fields;
      if (!f.refund_status) return none;
      return {
        ok: true,
        state: f.refund_status === 'REFUND_SUCCESS' ? 'success' : 'processing',
        refundId: String(f.trade_no ?? ''),
        amount: centsOfYuan(f.refund_amount) ?? 0,
      };
    },

    pagePayUrl(input) {
      const params = signed(
        'alipay.trade.page.pay',
        {
          out_trade_no: input.outTradeNo,
          total_amount: yuan(input.amount),
          subject: input.description.slice(0, 256),
          product_code: 'FAST_INSTANT_TRADE_PAY',
          time_expire: alipayTime(input.expiresAt),
        },
        { notify_url: input.notifyUrl, ...(input.returnUrl ? { return_url: input.returnUrl } : {}) },
      );
      return `${gateway}?${new URLSearchParams(params).toString()}`;
    },

    verifyNotification({ body }): VerifiedNotification {
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
      if (!params.sign) throw new NotificationRejected('BAD_SIGNATURE', 'the notification has no sign');
      if (params.sign_type && params.sign_type !== 'RSA2') {
        throw new NotificationRejected('BAD_SIGNATURE', `sign_type ${params.sign_type} is not accepted`);
      }
      const content = alipaySignContent(params, ['sign', 'sign_type']);
      if (!alipayVerify(content, params.sign, alipayKey)) {
        throw new NotificationRejected(
          'BAD_SIGNATURE',
          'the sign does not verify with the Alipay public key',
        );
      }
      const amount = centsOfYuan(params.total_amount);
      if (!params.out_trade_no || amount === null) {
        throw new NotificationRejected('BAD_BODY', 'the notification has no order number or amount');
      }
      if (settings.sellerId && params.seller_id && params.seller_id !== settings.sellerId) {
        throw new NotificationRejected('FOREIGN', 'the seller_id is not this merchant');
      }
      const paidAt = params.gmt_payment ? new Date(`${params.gmt_payment.replace(' ', 'T')}+08:00`) : null;
      return {
        provider: 'alipay',
        appId: params.app_id ?? '',
        merchantId: params.seller_id ?? '',
        outTradeNo: params.out_trade_no,
        transactionId: params.trade_no ?? '',
        amount,
        state: TRADE_STATES[params.trade_status ?? ''] ?? 'unpaid',
        paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      };
    },

    success: () => ({ status: 200, contentType: 'text/plain', body: 'success' }),
    failure: () => ({ status: 200, contentType: 'text/plain', body: 'fail' }),
  };
}
