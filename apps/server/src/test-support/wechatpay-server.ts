/**
 * A local WeChat Pay APIv3 server (Native payment) for the adapter's and the top-up tests: it checks
 * the merchant's `Authorization` signature with its own code (SHA256withRSA over
 * `METHOD\nURL\ntimestamp\nnonce\nbody\n`, merchant public key), signs every answer with its own
 * platform key, and on `pay()` posts the documented `TRANSACTION.SUCCESS` notification (resource
 * encrypted AEAD_AES_256_GCM with the APIv3 key) to the order's notify_url. Errors follow the
 * documentation: 401 SIGN_ERROR, 400 PARAM_ERROR / APPID_MCHID_NOT_MATCH, 403 OUT_TRADE_NO_USED,
 * 404 ORDER_NOT_EXIST, 400 ORDERPAID on close, 429 FREQUENCY_LIMITED, 500 SYSTEM_ERROR.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closer, digits, listen } from './sms-provider-shared.js';

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

export type WechatFailure = 'server-error' | 'throttle' | 'unsigned' | 'hang';

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

  const signedHeaders = (body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(platform.privateKey, 'base64');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': platformSerialNo,
    };
  };
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

  const checkAuth = (method: string, path: string, auth: string, body: string): string | null => {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return 'missing WECHATPAY2-SHA256-RSA2048 authorization';
    const fields: Record<string, string> = {};
    for (const part of m[1]!.split(',')) {
      const eq = part.indexOf('=');
      fields[part.slice(0, eq).trim()] = part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
    }
    if (fields.mchid !== opts.mchId) return 'mchid does not match';
    if (fields.serial_no !== opts.merchantSerialNo) return 'serial_no is not a valid certificate serial';
    const ts = Number(fields.timestamp);
    if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return 'timestamp expired';
    if (!fields.nonce_str || nonces.has(fields.nonce_str)) return 'nonce_str reused';
    const ok = createVerify('RSA-SHA256')
      .update(`${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
      .verify(opts.merchantPublicKey, fields.signature ?? '', 'base64');
    if (!ok) return 'signature verification failed';
    nonces.add(fields.nonce_str);
    return null;
  };

  const { server, url } = await listen((req, res, body) => {
    const failure = failures.shift();
    if (failure === 'hang') return;
    const path = req.url ?? '/';
    const problem = checkAuth(req.method ?? '', path, String(req.headers.authorization ?? ''), body);
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
    const plain = JSON.stringify({
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
    });
    const nonce = randomBytes(6).toString('hex'); // 12 characters, as the documentation shows
    const aad = 'transaction';
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(opts.apiV3Key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: aad,
        nonce,
      },
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
    close: closer(server),
  };
}
