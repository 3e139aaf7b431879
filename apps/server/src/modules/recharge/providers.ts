import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { createAlipay } from '../../platform/payments/alipay.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import { createWechatPay } from '../../platform/payments/wechat.js';
import type { MerchantRow } from './merchants.repository.js';

/** Why stored settings cannot build an adapter (a person must fix them); never carries a secret. */
export class MerchantSettingsError extends Error {}

/** The path the providers post notifications to, under the platform's public base URL. */
export const notifyPath = (provider: 'wechat' | 'alipay') => `/api/v1/pay/notify/${provider}`;
export const notifyUrlOf = (m: MerchantRow) =>
  `${m.notifyBaseUrl.replace(/\/+$/, '')}${notifyPath(m.provider)}`;

export function checkPublicKey(pem: string): string | null {
  try {
    createPublicKey(pem);
    return null;
  } catch {
    return 'the public key is not a PEM public key or certificate';
  }
}

export function checkPrivateKey(pem: string): string | null {
  try {
    createPrivateKey(pem);
    return null;
  } catch {
    return 'the private key is not a PEM private key';
  }
}

/** The adapter of a stored merchant, its secrets opened from the SecretBox just now. */
export function providerOf(
  m: MerchantRow,
  box: SecretBox,
  now?: () => Date,
  /** Per-request timeout (default DEFAULT_TIMEOUT_MS; short in tests of a provider that never answers). */
  timeoutMs?: number,
): PaymentProvider {
  let privateKey: string;
  let apiKey: string;
  try {
    privateKey = box.open(m.privateKey);
    apiKey = box.open(m.apiKey);
  } catch {
    throw new MerchantSettingsError('the stored keys cannot be opened with this installation key');
  }
  if (!privateKey) throw new MerchantSettingsError('no private key is stored');
  const common = { ...(now ? { now } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
  try {
    if (m.provider === 'wechat') {
      return createWechatPay({
        appId: m.appId,
        mchId: m.merchantId,
        merchantSerialNo: m.serialNo,
        merchantPrivateKey: privateKey,
        apiV3Key: apiKey,
        platformPublicKey: m.publicKey,
        ...(m.endpoint ? { endpoint: m.endpoint } : {}),
        ...common,
      });
    }
    return createAlipay({
      appId: m.appId,
      appPrivateKey: privateKey,
      alipayPublicKey: m.publicKey,
      ...(m.merchantId ? { sellerId: m.merchantId } : {}),
      ...(m.endpoint ? { gateway: m.endpoint } : {}),
      ...common,
    });
  } catch (error) {
    throw new MerchantSettingsError(`the ${m.provider} settings are not usable: ${(error as Error).message}`);
  }
}
