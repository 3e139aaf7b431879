/**
 * The two signatures of WeChat Pay APIv3 as the local server (wechatpay-server.ts) does them: it checks
 * the merchant's `Authorization` (SHA256withRSA over `METHOD\nURL\ntimestamp\nnonce\nbody\n`, each
 * nonce once, timestamps within 5 minutes) and signs its answers with its platform key.
 */
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { WechatServerOptions } from './wechatpay-server.js';

/** The `Wechatpay-*` headers of an answer (or a notification) with `body`, signed by the platform key. */
export function platformSignedHeaders(platformKey: KeyObject, platformSerialNo: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(platformKey, 'base64');
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signature,
    'Wechatpay-Serial': platformSerialNo,
  };
}

/** Why the merchant's `Authorization` is refused, or null when it verifies (its nonce is then used). */
export function merchantAuthProblem(
  opts: Pick<WechatServerOptions, 'mchId' | 'merchantSerialNo' | 'merchantPublicKey'>,
  usedNonces: Set<string>,
  request: { method: string; path: string; auth: string; body: string },
): string | null {
  const { method, path, auth, body } = request;
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
  if (!fields.nonce_str || usedNonces.has(fields.nonce_str)) return 'nonce_str reused';
  const ok = createVerify('RSA-SHA256')
    .update(`${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
    .verify(opts.merchantPublicKey, fields.signature ?? '', 'base64');
  if (!ok) return 'signature verification failed';
  usedNonces.add(fields.nonce_str);
  return null;
}

/**
 * The documented notification body: `plain` encrypted AEAD_AES_256_GCM with the APIv3 key (a
 * 12-character nonce, as the documentation shows) under `resource`.
 */
export function encryptedNotificationBody(
  apiV3Key: string,
  notice: { aad: 'transaction' | 'refund'; eventType: string; summary: string; plain: unknown },
): string {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(notice.aad, 'utf8'));
  const plain = JSON.stringify(notice.plain);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: notice.eventType,
    summary: notice.summary,
    resource: {
      original_type: notice.aad,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: notice.aad,
      nonce,
    },
  });
}
