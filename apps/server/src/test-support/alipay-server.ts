/**
 * A local Alipay open-platform gateway for the adapter's and the top-up tests. It verifies the RSA2
 * request signature with its own code (sorted `k=v&...` of every parameter but `sign`, application
 * public key), answers `{"<method>_response": {...}, "sign": ...}` signed with its own Alipay key,
 * and on `pay()` posts the documented asynchronous notification (form parameters signed RSA2 over
 * all but `sign` and `sign_type`). A notification not answered `success` is resent on the
 * documented schedule (4 m, 10 m, 10 m, 1 h, 2 h, 6 h, 15 h: 25 hours); tests drive it with
 * `resendDue(at)` instead of waiting. Errors: 40002 isv.invalid-signature / isv.invalid-app-id /
 * isv.missing-method, 40004 ACQ.TRADE_NOT_EXIST / ACQ.TRADE_HAS_SUCCESS / ACQ.TRADE_STATUS_ERROR,
 * 20000 ACQ.SYSTEM_ERROR. `alipay.trade.fastpay.refund.query` answers a refund made (refund_status
 * REFUND_SUCCESS) or none.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closer, digits, listen } from './sms-provider-shared.js';

export interface AlipayServerOptions {
  appId: string;
  /** PEM of the application public key. */
  appPublicKey: string;
  sellerId: string;
}

export interface AlipayOrder {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string;
  qr_code: string;
  gmt_payment?: string;
}

/** Minutes after the first attempt at which Alipay tries again (documented schedule, 25 h in all). */
export const ALIPAY_RESEND_MINUTES = [4, 14, 24, 84, 204, 564, 1464];

export interface AlipayGateway {
  url: string;
  alipayPublicKey: string;
  orders: Map<string, AlipayOrder>;
  /** alipay.trade.refund requests applied: out_request_no -> out_trade_no and cents. */
  refunds: Map<string, { outTradeNo: string; cents: number }>;
  refused: string[];
  failNext(count?: number): void;
  /** The next `count` requests are carried out but never answered (a timeout after the fact). */
  dropNext(count?: number): void;
  /** The payer pays; the notification is delivered (and queued for resends until answered `success`). */
  pay(outTradeNo: string, at?: Date): Promise<{ status: number; body: string }>;
  /** The signed notification form of an order as it stands, with overrides (forgeries, other amounts). */
  notification(outTradeNo: string, over?: Record<string, string>): string;
  /** Delivers every queued resend due at `at`; answers how many were sent. */
  resendDue(at: Date): Promise<number>;
  /** Notifications still waiting for `success`. */
  pendingResends(): number;
  /** Every answer the notify_url gave, in order. */
  deliveries: Array<{ outTradeNo: string; body: string }>;
  close(): Promise<void>;
}

const beijing = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipayGateway(opts: AlipayServerOptions): Promise<AlipayGateway> {
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<string, AlipayOrder>();
  const refunds = new Map<string, { outTradeNo: string; cents: number }>();
  const refused: string[] = [];
  let failures = 0;
  let drops = 0;
  const queue: Array<{ outTradeNo: string; first: Date; attempt: number }> = [];
  const deliveries: AlipayGateway['deliveries'] = [];

  const content = (params: Record<string, string>, omit: string[]) =>
    Object.keys(params)
      .filter((k) => !omit.includes(k) && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
  const sign = (text: string) =>
    createSign('RSA-SHA256').update(text, 'utf8').sign(alipay.privateKey, 'base64');

  const reply = (res: ServerResponse, key: string, node: Record<string, unknown>, signed = true) => {
    const text = JSON.stringify(node);
    res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' });
    res.end(`{"${key}":${text}${signed ? `,"sign":"${sign(text)}"` : ''}}`);
  };
  const bizError = (res: ServerResponse, key: string, code: string, subCode: string, subMsg: string) => {
    refused.push(subCode);
    const msg =
      code === '40004'
        ? 'Business Failed'
        : code === '20000'
          ? 'Service Currently Unavailable'
          : 'Invalid Arguments';
    reply(res, key, { code, msg, sub_code: subCode, sub_msg: subMsg }, code !== '40002');
  };

  const { server, url } = await listen((_req, socket, body) => {
    const dropped = drops > 0;
    if (dropped) drops--;
    const res = dropped ? ({ writeHead() {}, end() {} } as unknown as ServerResponse) : socket;
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const method = params.method ?? '';
    const key = method ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    if (!method) return bizError(res, key, '40001', 'isv.missing-method', 'missing method');
    if (params.app_id !== opts.appId)
      return bizError(res, key, '40002', 'isv.invalid-app-id', 'invalid app_id');
    if (params.sign_type !== 'RSA2')
      return bizError(res, key, '40002', 'isv.invalid-signature-type', 'sign_type');
    const ok = createVerify('RSA-SHA256')
      .update(content(params, ['sign']), 'utf8')
      .verify(opts.appPublicKey, params.sign ?? '', 'base64');
    if (!ok) return bizError(res, key, '40002', 'isv.invalid-signature', 'invalid signature');
    if (failures > 0) {
      failures--;
      return bizError(res, key, '20000', 'ACQ.SYSTEM_ERROR', 'system error');
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return bizError(res, key, '40002', 'isv.invalid-parameter', 'biz_content');
    }
    const no = String(biz.out_trade_no ?? '');
    const order = orders.get(no);
    const done = (fields: Record<string, unknown>) =>
      reply(res, key, { code: '10000', msg: 'Success', ...fields });
    if (method === 'alipay.trade.precreate') {
      const amount = String(biz.total_amount ?? '');
      if (!no || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || !biz.subject) {
        return bizError(res, key, '40004', 'ACQ.INVALID_PARAMETER', 'invalid parameter');
      }
      if (order) {
        if (order.trade_status === 'TRADE_SUCCESS')
          return bizError(res, key, '40004', 'ACQ.TRADE_HAS_SUCCESS', 'paid');
        if (order.trade_status === 'TRADE_CLOSED')
          return bizError(res, key, '40004', 'ACQ.TRADE_HAS_CLOSE', 'closed');
        return done({ out_trade_no: no, qr_code: order.qr_code });
      }
      const created: AlipayOrder = {
        out_trade_no: no,
        total_amount: amount,
        subject: String(biz.subject),
        notify_url: params.notify_url ?? '',
        trade_status: 'WAIT_BUYER_PAY',
        trade_no: `2026${digits(24)}`,
        qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}`,
      };
      orders.set(no, created);
      return done({ out_trade_no: no, qr_code: created.qr_code });
    }
    if (method === 'alipay.trade.refund') {
      // Documented: refund_amount in yuan, out_request_no for a partial refund (its retry answers
      // the same with fund_change N); only a TRADE_SUCCESS trade, never more than is left.
      if (!order) return bizError(res, key, '40004', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
      const amount = String(biz.refund_amount ?? '');
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0)
        return bizError(res, key, '40004', 'ACQ.INVALID_PARAMETER', 'invalid refund_amount');
      if (order.trade_status !== 'TRADE_SUCCESS')
        return bizError(res, key, '40004', 'ACQ.TRADE_STATUS_ERROR', 'trade status error');
      const cents = Math.round(Number(amount) * 100);
      const requestNo = String(biz.out_request_no ?? no);
      let refunded = 0;
      for (const r of refunds.values()) if (r.outTradeNo === no) refunded += r.cents;
      const fee = (c: number) => (c / 100).toFixed(2);
      const earlier = refunds.get(requestNo);
      if (earlier) {
        if (earlier.cents !== cents || earlier.outTradeNo !== no)
          return bizError(res, key, '40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund amount differs');
        return done({
          trade_no: order.trade_no,
          out_trade_no: no,
          fund_change: 'N',
          refund_fee: fee(refunded),
        });
      }
      const total = Math.round(Number(order.total_amount) * 100);
      if (refunded + cents > total)
        return bizError(
          res,
          key,
          '40004',
          'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
          'refund amount exceeds the trade',
        );
      refunds.set(requestNo, { outTradeNo: no, cents });
      return done({
        trade_no: order.trade_no,
        out_trade_no: no,
        buyer_logon_id: 'tes***@example.com',
        fund_change: 'Y',
        refund_fee: fee(refunded + cents),
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      // Documented: refund_status REFUND_SUCCESS for a refund made; no refund fields for an
      // out_request_no never received.
      if (!order) return bizError(res, key, '40004', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
      const made = refunds.get(String(biz.out_request_no ?? no));
      if (made?.outTradeNo !== no) return done({ trade_no: order.trade_no, out_trade_no: no });
      return done({
        trade_no: order.trade_no,
        out_trade_no: no,
        out_request_no: String(biz.out_request_no ?? no),
        total_amount: order.total_amount,
        refund_amount: (made.cents / 100).toFixed(2),
        refund_status: 'REFUND_SUCCESS',
      });
    }
    if (method === 'alipay.trade.query' || method === 'alipay.trade.close') {
      if (!order) return bizError(res, key, '40004', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
      if (method === 'alipay.trade.query') {
        return done({
          trade_no: order.trade_no,
          out_trade_no: no,
          trade_status: order.trade_status,
          total_amount: order.total_amount,
        });
      }
      if (order.trade_status !== 'WAIT_BUYER_PAY') {
        return bizError(res, key, '40004', 'ACQ.TRADE_STATUS_ERROR', 'trade status error');
      }
      order.trade_status = 'TRADE_CLOSED';
      return done({ trade_no: order.trade_no, out_trade_no: no });
    }
    return bizError(res, key, '40004', 'isv.invalid-method', 'unsupported method');
  }, []);

  const notification: AlipayGateway['notification'] = (outTradeNo, over = {}) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    const params: Record<string, string> = {
      notify_time: beijing(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: opts.appId,
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      seller_id: opts.sellerId,
      buyer_id: '2088102177846880',
      trade_status: order.trade_status,
      total_amount: order.total_amount,
      receipt_amount: order.total_amount,
      subject: order.subject,
      gmt_create: beijing(new Date()),
      ...(order.gmt_payment ? { gmt_payment: order.gmt_payment } : {}),
      ...over,
    };
    params.sign = sign(content(params, ['sign', 'sign_type']));
    return new URLSearchParams(params).toString();
  };

  const deliverOnce = async (outTradeNo: string) => {
    const order = orders.get(outTradeNo)!;
    let status = 0;
    let text = '';
    try {
      const response = await fetch(order.notify_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: notification(outTradeNo),
      });
      status = response.status;
      text = (await response.text()).trim();
    } catch {
      text = '';
    }
    deliveries.push({ outTradeNo, body: text });
    return { status, body: text };
  };

  return {
    url: `${url}/gateway.do`,
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    orders,
    refunds,
    refused,
    deliveries,
    failNext: (count = 1) => {
      failures += count;
    },
    dropNext: (count = 1) => {
      drops += count;
    },
    async pay(outTradeNo, at = new Date()) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      if (order.trade_status !== 'WAIT_BUYER_PAY')
        throw new Error(`order ${outTradeNo} is ${order.trade_status}`);
      order.trade_status = 'TRADE_SUCCESS';
      order.gmt_payment = beijing(at);
      const first = await deliverOnce(outTradeNo);
      if (first.body !== 'success') queue.push({ outTradeNo, first: at, attempt: 0 });
      return first;
    },
    notification,
    async resendDue(at) {
      let sent = 0;
      for (const item of [...queue]) {
        const minutes = ALIPAY_RESEND_MINUTES[item.attempt];
        if (minutes === undefined) {
          queue.splice(queue.indexOf(item), 1); // 25 hours are over: Alipay gives up
          continue;
        }
        if (at.getTime() - item.first.getTime() < minutes * 60_000) continue;
        item.attempt++;
        sent++;
        const { body } = await deliverOnce(item.outTradeNo);
        if (body === 'success') queue.splice(queue.indexOf(item), 1);
      }
      return sent;
    },
    pendingResends: () => queue.length,
    close: closer(server),
  };
}
