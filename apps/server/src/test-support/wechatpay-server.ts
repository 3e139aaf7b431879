/**
 * A local WeChat Pay APIv3 server (Native payment) for the adapter's and the top-up tests: it checks
 * the merchant's `Authorization` signature with its own code (SHA256withRSA over
 * `METHOD\nURL\ntimestamp\nnonce\nbody\n`, merchant public key), signs every answer with its own
 * platform key, and on `pay()` posts the documented `TRANSACTION.SUCCESS` notification (resource
 * encrypted AEAD_AES_256_GCM with the APIv3 key) to the order's notify_url. Errors follow the
 * documentation: 401 SIGN_ERROR, 400 PARAM_ERROR / APPID_MCHID_NOT_MATCH, 403 OUT_TRADE_NO_USED,
 * 404 ORDER_NOT_EXIST, 400 ORDERPAID on close, 429 FREQUENCY_LIMITED, 500 SYSTEM_ERROR.
 * Refunds (`POST /v3/refund/domestic/refunds`): answered SUCCESS, or PROCESSING while
 * `refundsProcessing(true)`, then `completeRefund()` posts the documented `REFUND.SUCCESS` /
 * `REFUND.ABNORMAL` notification (resource encrypted like a payment's) to the refund's notify_url;
 * 404 RESOURCE_NOT_EXISTS (no such paid order), 400 INVALID_REQUEST (more than is left to refund),
 * 400 PARAM_ERROR (a total that is not the order's, an out_refund_no reused with another amount).
 * `GET /v3/refund/domestic/refunds/{out_refund_no}` answers the refund as it stands (404
 * RESOURCE_NOT_EXISTS for a number never received).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closer, digits, listen } from './sms-provider-shared.js';
import { encryptedNotificationBody, merchantAuthProblem, platformSignedHeaders } from './wechatpay-auth.js';

export interface WechatServerOptions {
  appId: string;
  mchId: string;
  merchantSerialNo: string;
  /** PEM of the merchant API public key (the server verifies request signatures with it). */
  merchantPublicKey: string;
  apiV3Key: string;
}

export interface WechatOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transaction_id?: string;
  success_time?: string;
  code_url: string;
}

export interface WechatRefund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  notify_url: string;
  refund: number;
  total: number;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
}

/** 'drop': the request is carried out but its answer never sent (a timeout after the fact). */
export type WechatFailure = 'server-error' | 'throttle' | 'unsigned' | 'hang' | 'drop';

export interface NotificationDelivery {
  status: number;
  body: string;
}

export interface WechatPayServer {
  url: string;
  /** PEM of the platform public key answers and notifications are signed with. */
  platformPublicKey: string;
  platformSerialNo: string;
  orders: Map<string, WechatOrder>;
  /** Error codes answered to requests refused before their action (SIGN_ERROR...). */
  refused: string[];
  failNext(kind: WechatFailure, count?: number): void;
  /** The payer pays: the order becomes SUCCESS and its notification is delivered. */
  pay(outTradeNo: string): Promise<NotificationDelivery>;
  /** The documented notification of an order as it stands (headers and body), without sending it. */
  notification(
    outTradeNo: string,
    over?: { total?: number; appid?: string; mchid?: string },
  ): {
    headers: Record<string, string>;
    body: string;
  };
  refunds: Map<string, WechatRefund>;
  /** While on, refunds are answered PROCESSING and finish with completeRefund(). */
  refundsProcessing(on: boolean): void;
  /** A PROCESSING refund finishes: its status is set and its notification posted to its notify_url. */
  completeRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL'): Promise<NotificationDelivery>;
  /** The documented refund notification as it stands (headers and body), without sending it. */
  refundNotification(outRefundNo: string): { headers: Record<string, string>; body: string };
  /** Posts (again) the notification of a paid order to its notify_url. */
  deliver(outTradeNo: string): Promise<NotificationDelivery>;
  close(): Promise<void>;
}

export async function startWechatPayServer(opts: WechatServerOptions): Promise<WechatPayServer> {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerialNo = randomBytes(20).toString('hex').toUpperCase();
  const orders = new Map<string, WechatOrder>();
  const refused: string[] = [];
  const failures: WechatFailure[] = [];
  const nonces = new Set<string>();
  const refunds = new Map<string, WechatRefund>();
  let refundsProcessing = false;
  const refundView = (r: WechatRefund) => {
    const order = orders.get(r.out_trade_no);
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: order?.transaction_id ?? '',
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
      status: r.status,
      amount: {
        total: r.total,
        refund: r.refund,
        payer_total: r.total,
        payer_refund: r.refund,
        currency: 'CNY',
      },
    };
  };

  const signedHeaders = (body: string) => platformSignedHeaders(platform.privateKey, platformSerialNo, body);
  const answer = (res: ServerResponse, status: number, json?: unknown, signed = true) => {
    const body = json === undefined ? '' : JSON.stringify(json);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-ID': randomBytes(8).toString('hex'),
      ...(signed ? signedHeaders(body) : {}),
    });
    res.end(body);
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) => {
    refused.push(code);
    answer(res, status, { code, message });
  };

  const { server, url } = await listen((req, socket, body) => {
    const failure = failures.shift();
    if (failure === 'hang') return;
    const res = failure === 'drop' ? ({ writeHead() {}, end() {} } as unknown as ServerResponse) : socket;
    const path = req.url ?? '/';
    const problem = merchantAuthProblem(opts, nonces, {
      method: req.method ?? '',
      path,
      auth: String(req.headers.authorization ?? ''),
      body,
    });
    if (problem) return fail(res, 401, 'SIGN_ERROR', problem);
    if (failure === 'server-error') return fail(res, 500, 'SYSTEM_ERROR', 'system error, retry');
    if (failure === 'throttle') return fail(res, 429, 'FREQUENCY_LIMITED', 'frequency limited');
    if (failure === 'unsigned')
      return answer(res, 200, { code_url: 'weixin://wxpay/bizpayurl?pr=forged' }, false);
    const u = new URL(path, 'http://x');
    if (req.method === 'POST' && u.pathname === '/v3/pay/transactions/native') {
      let p: Record<string, unknown>;
      try {
        p = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return fail(res, 400, 'PARAM_ERROR', 'body is not JSON');
      }
      const total = (p.amount as { total?: unknown } | undefined)?.total;
      for (const name of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url']) {
        if (typeof p[name] !== 'string' || !p[name]) return fail(res, 400, 'PARAM_ERROR', `missing ${name}`);
      }
      if (typeof total !== 'number' || !Number.isInteger(total) || total <= 0) {
        return fail(res, 400, 'PARAM_ERROR', 'amount.total must be a positive integer');
      }
      if (p.appid !== opts.appId || p.mchid !== opts.mchId) {
        return fail(res, 400, 'APPID_MCHID_NOT_MATCH', 'appid and mchid do not match');
      }
      const no = p.out_trade_no as string;
      const existing = orders.get(no);
      if (existing) {
        if (existing.trade_state === 'SUCCESS') return fail(res, 400, 'ORDERPAID', 'order paid');
        if (existing.total !== total) return fail(res, 403, 'OUT_TRADE_NO_USED', 'out_trade_no used');
        return answer(res, 200, { code_url: existing.code_url });
      }
      const order: WechatOrder = {
        appid: opts.appId,
        mchid: opts.mchId,
        out_trade_no: no,
        description: p.description as string,
        notify_url: p.notify_url as string,
        total,
        trade_state: 'NOTPAY',
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      };
      orders.set(no, order);
      return answer(res, 200, { code_url: order.code_url });
    }
    if (req.method === 'POST' && u.pathname === '/v3/refund/domestic/refunds') {
      let p: Record<string, unknown>;
      try {
        p = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return fail(res, 400, 'PARAM_ERROR', 'body is not JSON');
      }
      const amount = (p.amount ?? {}) as { refund?: unknown; total?: unknown; currency?: unknown };
      for (const name of ['out_trade_no', 'out_refund_no', 'notify_url']) {
        if (typeof p[name] !== 'string' || !p[name]) return fail(res, 400, 'PARAM_ERROR', `missing ${name}`);
      }
      if (
        typeof amount.refund !== 'number' ||
        !Number.isInteger(amount.refund) ||
        amount.refund <= 0 ||
        typeof amount.total !== 'number' ||
        amount.currency !== 'CNY'
      ) {
        return fail(res, 400, 'PARAM_ERROR', 'amount.refund, amount.total and amount.currency are required');
      }
      const order = orders.get(p.out_trade_no as string);
      if (order?.trade_state !== 'SUCCESS')
        return fail(res, 404, 'RESOURCE_NOT_EXISTS', 'the order does not exist or is not paid');
      if (amount.total !== order.total)
        return fail(res, 400, 'PARAM_ERROR', 'amount.total is not the order total');
      const existing = refunds.get(p.out_refund_no as string);
      if (existing) {
        if (existing.refund !== amount.refund || existing.out_trade_no !== order.out_trade_no)
          return fail(res, 400, 'PARAM_ERROR', 'out_refund_no used with other parameters');
        return answer(res, 200, refundView(existing));
      }
      let refunded = 0;
      for (const r of refunds.values())
        if (r.out_trade_no === order.out_trade_no && r.status !== 'ABNORMAL' && r.status !== 'CLOSED')
          refunded += r.refund;
      if (refunded + amount.refund > order.total)
        return fail(res, 400, 'INVALID_REQUEST', 'the refund amount exceeds what is left to refund');
      const refund: WechatRefund = {
        out_refund_no: p.out_refund_no as string,
        out_trade_no: order.out_trade_no,
        refund_id: `5030${digits(24)}`,
        notify_url: p.notify_url as string,
        refund: amount.refund,
        total: order.total,
        status: refundsProcessing ? 'PROCESSING' : 'SUCCESS',
      };
      refunds.set(refund.out_refund_no, refund);
      return answer(res, 200, refundView(refund));
    }
    const rq = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(u.pathname);
    if (rq && req.method === 'GET') {
      const refund = refunds.get(decodeURIComponent(rq[1]!));
      if (!refund) return fail(res, 404, 'RESOURCE_NOT_EXISTS', 'the refund does not exist');
      return answer(res, 200, refundView(refund));
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(u.pathname);
    if (q) {
      const order = orders.get(decodeURIComponent(q[1]!));
      if (!order) return fail(res, 404, 'ORDER_NOT_EXIST', 'order does not exist');
      if (q[2] && req.method === 'POST') {
        if (order.trade_state === 'SUCCESS') return fail(res, 400, 'ORDERPAID', 'order paid');
        order.trade_state = 'CLOSED';
        return answer(res, 204);
      }
      if (req.method === 'GET') {
        if (u.searchParams.get('mchid') !== opts.mchId) return fail(res, 400, 'PARAM_ERROR', 'mchid');
        return answer(res, 200, {
          appid: order.appid,
          mchid: order.mchid,
          out_trade_no: order.out_trade_no,
          trade_state: order.trade_state,
          ...(order.transaction_id
            ? { transaction_id: order.transaction_id, success_time: order.success_time }
            : {}),
          amount: { total: order.total, payer_total: order.total, currency: 'CNY' },
        });
      }
    }
    return fail(res, 404, 'NOT_FOUND', 'no such API');
  }, []);

  const notification: WechatPayServer['notification'] = (outTradeNo, over = {}) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    const plain = {
      appid: over.appid ?? order.appid,
      mchid: over.mchid ?? order.mchid,
      out_trade_no: order.out_trade_no,
      transaction_id: order.transaction_id ?? '',
      trade_type: 'NATIVE',
      trade_state: order.trade_state,
      trade_state_desc: 'paid',
      success_time: order.success_time,
      payer: { openid: 'oTest' },
      amount: { total: over.total ?? order.total, payer_total: over.total ?? order.total, currency: 'CNY' },
    };
    const body = encryptedNotificationBody(opts.apiV3Key, {
      aad: 'transaction',
      eventType: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      plain,
    });
    return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body) }, body };
  };

  const refundNotification: WechatPayServer['refundNotification'] = (outRefundNo) => {
    const r = refunds.get(outRefundNo);
    if (!r) throw new Error(`no refund ${outRefundNo}`);
    const order = orders.get(r.out_trade_no)!;
    const plain = {
      mchid: opts.mchId,
      out_trade_no: r.out_trade_no,
      transaction_id: order.transaction_id ?? '',
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      refund_status: r.status,
      success_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
      user_received_account: '支付用户零钱',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    };
    const ok = r.status === 'SUCCESS';
    const body = encryptedNotificationBody(opts.apiV3Key, {
      aad: 'refund',
      eventType: ok ? 'REFUND.SUCCESS' : 'REFUND.ABNORMAL',
      summary: ok ? '退款成功' : '退款异常',
      plain,
    });
    return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body) }, body };
  };

  const deliver = async (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    const { headers, body } = notification(outTradeNo);
    try {
      const response = await fetch(order.notify_url, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text() };
    } catch {
      return { status: 0, body: '' }; // nobody listening: WeChat resends later
    }
  };

  return {
    url,
    platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformSerialNo,
    orders,
    refused,
    failNext: (kind, count = 1) => {
      for (let i = 0; i < count; i++) failures.push(kind);
    },
    async pay(outTradeNo) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      if (order.trade_state !== 'NOTPAY') throw new Error(`order ${outTradeNo} is ${order.trade_state}`);
      order.trade_state = 'SUCCESS';
      order.transaction_id = `4200${digits(24)}`;
      order.success_time = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
      return deliver(outTradeNo);
    },
    notification,
    deliver,
    refunds,
    refundsProcessing: (on) => {
      refundsProcessing = on;
    },
    async completeRefund(outRefundNo, status = 'SUCCESS') {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`no refund ${outRefundNo}`);
      r.status = status;
      const { headers, body } = refundNotification(outRefundNo);
      try {
        const response = await fetch(r.notify_url, { method: 'POST', headers, body });
        return { status: response.status, body: await response.text() };
      } catch {
        return { status: 0, body: '' };
      }
    },
    refundNotification,
    close: closer(server),
  };
}
