/**
 * One interface for text messages and text-to-speech calls, whatever the provider (DESIGN 14:
 * providers are adapters behind one interface each). Adapters never throw for a provider or network
 * problem: they answer a SendResult, so the caller (the notice worker, a quota reservation) decides
 * between retry, void and log from `retryable` alone. Messages never carry a secret.
 */

export interface SmsMessage {
  /** E.164 (`+8613800138000`, `+85291234567`) or a mainland 11-digit number (`13800138000`). */
  phone: string;
  /** The provider's approved template: Aliyun `SMS_123456789`, Tencent a numeric template id. */
  templateCode: string;
  /**
   * Template variables. Aliyun fills `${name}` by name; Tencent fills `{1}`, `{2}`... by position,
   * so for Tencent the keys are '1', '2', ... (or any keys, taken in insertion order).
   */
  params: Record<string, string>;
  /** The approved signature shown as 【signName】. */
  signName: string;
  /** Our own reference sent along and echoed in receipts (Aliyun OutId, Tencent SessionContext). */
  outId?: string;
}

export interface VoiceCall {
  /** Mainland numbers only for the voice APIs: `13800138000` or `+8613800138000`. */
  phone: string;
  /** Aliyun `TTS_123456789`, Tencent a numeric voice template id. */
  ttsCode: string;
  params: Record<string, string>;
  outId?: string;
}

export type SendResult =
  | { accepted: true; providerId: string; requestId?: string }
  | {
      accepted: false;
      /** true: the same request may succeed later (throttled, provider or network trouble). */
      retryable: boolean;
      /** The provider's code (isv.MOBILE_NUMBER_ILLEGAL, LimitExceeded...) or ours (TIMEOUT, INVALID_PHONE, NETWORK, HTTP_5xx, BAD_ANSWER). */
      code: string;
      /** Short, safe to store and show: never a key, signature or full request. */
      message: string;
      requestId?: string;
    };

export interface SmsProvider {
  readonly name: 'aliyun' | 'tencent';
  send(message: SmsMessage): Promise<SendResult>;
}

export interface VoiceProvider {
  readonly name: 'aliyun' | 'tencent';
  call(call: VoiceCall): Promise<SendResult>;
}

/** One delivery report, whatever the provider's receipt format. */
export interface DeliveryReceipt {
  /** The id answered at send time (Aliyun BizId / CallId, Tencent SerialNo / CallId). */
  providerId: string;
  /** As the provider reports it (no normalisation beyond trimming). */
  phone: string;
  status: 'delivered' | 'failed';
  /** Delivery or end time; null when the provider gave none or it could not be read. */
  at: Date | null;
  /** The provider's status code (DELIVRD, 200000, result 1...). */
  code: string;
  message: string;
  outId?: string;
}

export interface ParsedReceipts {
  receipts: DeliveryReceipt[];
  /** Entries that did not have the documented shape (dropped, counted). */
  dropped: number;
}

export interface ProviderCredentials {
  /** Aliyun AccessKey ID / Tencent SecretId. */
  accessKeyId: string;
  /** Aliyun AccessKey secret / Tencent SecretKey, in clear: open it from the SecretBox just before. */
  accessKeySecret: string;
}

export interface TransportOptions {
  /** Base URL, e.g. `https://dysmsapi.aliyuncs.com`; tests point it at a local `http://127.0.0.1:port`. */
  endpoint?: string;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
  /** Clock for signatures (tests). */
  now?: () => Date;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
