/**
 * One interface for the payment providers (DESIGN 14: providers are adapters behind one interface).
 * Amounts are integer cents everywhere (SPEC 9); an adapter converts to the provider's unit (WeChat
 * Pay takes fen, Alipay yuan with two decimals). Adapters never throw for a provider or network
 * problem: they answer a refusal the caller can log and show. Nothing they answer carries a secret.
 */

export type PaymentProviderName = 'wechat' | 'alipay';

export interface CreateOrderInput {
  /** Our order number, unique per merchant: 6 to 32 letters, digits, `_` or `-`. */
  outTradeNo: string;
  /** Cents, a positive integer. */
  amount: number;
  /** Shown to the payer (WeChat description, Alipay subject). */
  description: string;
  /** Where the provider posts the payment notification. */
  notifyUrl: string;
  /** After this the provider refuses payment (WeChat time_expire, Alipay time_expire). */
  expiresAt: Date;
}

export type Refusal = {
  ok: false;
  /** true: the same request may succeed later (throttled, provider or network trouble). */
  retryable: boolean;
  /** The provider's code (SIGN_ERROR, ACQ.TRADE_NOT_EXIST...) or ours (TIMEOUT, NETWORK, BAD_ANSWER, BAD_SIGNATURE). */
  code: string;
  /** Short, safe to store and show. */
  message: string;
};

export type Answer<T> = ({ ok: true } & T) | Refusal;

/** The state of one order at the provider, normalised. */
export type TradeState = 'unpaid' | 'paid' | 'closed' | 'refunded' | 'not_found';

export interface TradeStatus {
  state: TradeState;
  /** Cents as the provider reports them (0 when unknown). */
  amount: number;
  /** The provider's transaction number (WeChat transaction_id, Alipay trade_no). */
  transactionId?: string;
  paidAt?: Date | null;
}

/** A notification whose signature and decryption passed: what it says, still to be checked against our order. */
export interface VerifiedNotification {
  provider: PaymentProviderName;
  /** WeChat appid / Alipay app_id of the payment. */
  appId: string;
  /** WeChat mchid / Alipay seller_id (may be empty for Alipay). */
  merchantId: string;
  outTradeNo: string;
  transactionId: string;
  /** Cents. */
  amount: number;
  /** Only 'paid' credits anything. */
  state: TradeState;
  paidAt: Date | null;
}

export interface IncomingNotification {
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body exactly as received (signatures are over these bytes). */
  body: string;
}

/** The HTTP answer the provider expects (WeChat: 200 empty / 4xx JSON; Alipay: `success` / `fail`). */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

export class NotificationRejected extends Error {
  override name = 'NotificationRejected';
  constructor(
    /** BAD_SIGNATURE, STALE, BAD_BODY, DECRYPT_FAILED... safe to log. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RefundInput {
  outTradeNo: string;
  /** Our refund number, unique per merchant (WeChat out_refund_no, Alipay out_request_no). */
  outRefundNo: string;
  /** Cents to refund now; the order's total in `total`. */
  amount: number;
  total: number;
  reason: string;
  /** WeChat posts the refund's outcome here (Alipay answers the refund synchronously). */
  notifyUrl: string;
}

/** success: the money went back; processing: the provider tells later (notification); closed: it failed. */
export type RefundState = 'success' | 'processing' | 'closed';

/**
 * A refund as the provider knows it now (reconciliation of a refund without an outcome: its
 * notification never came, or the request timed out). 'not_found': the provider never received it.
 */
export interface RefundQuery {
  state: RefundState | 'not_found';
  refundId: string;
  /** Cents refunded by this refund as the provider reports them (0 when unknown). */
  amount: number;
}

/** A refund notification whose signature and decryption passed (WeChat REFUND.*). */
export interface VerifiedRefundNotification {
  merchantId: string;
  outTradeNo: string;
  outRefundNo: string;
  refundId: string;
  /** Cents refunded by this refund. */
  amount: number;
  state: RefundState;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The provider's app id, compared with every notification. */
  readonly appId: string;
  /** A QR code order: the text to draw as the QR code (WeChat code_url, Alipay qr_code). */
  createQrOrder(input: CreateOrderInput): Promise<Answer<{ codeUrl: string }>>;
  query(outTradeNo: string): Promise<Answer<TradeStatus>>;
  /** Closes an unpaid order; closing an order that never reached the provider succeeds. */
  close(outTradeNo: string): Promise<Answer<{ alreadyPaid?: boolean }>>;
  /** Refunds a paid order in full or in part (WeChat /v3/refund/domestic/refunds, Alipay alipay.trade.refund). */
  refund(input: RefundInput): Promise<Answer<{ state: RefundState; refundId: string }>>;
  /**
   * Asks about one refund (WeChat GET /v3/refund/domestic/refunds/{out_refund_no}, Alipay
   * alipay.trade.fastpay.refund.query).
   */
  queryRefund(input: { outTradeNo: string; outRefundNo: string }): Promise<Answer<RefundQuery>>;
  /** Verifies and reads a refund notification (WeChat only); throws NotificationRejected. */
  verifyRefundNotification?(incoming: IncomingNotification): VerifiedRefundNotification;
  /** Verifies (signature first) and reads a notification; throws NotificationRejected. */
  verifyNotification(incoming: IncomingNotification): VerifiedNotification;
  /** What to answer once the notification is applied (or known to be applied). */
  success(): NotificationReply;
  failure(message: string): NotificationReply;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export const refuse = (code: string, message: string, retryable: boolean): Refusal => ({
  ok: false,
  retryable,
  code,
  message: message.length > 300 ? `${message.slice(0, 300)}…` : message,
});

export const OUT_TRADE_NO = /^[A-Za-z0-9_-]{6,32}$/;

/** Cents -> Alipay's yuan string with two decimals. */
export function yuan(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Alipay's yuan amount ("12.30", "12.3", "12") -> cents, or null when it is not a valid amount. */
export function centsOfYuan(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
}

/** One request with a timeout; network trouble comes back as a retryable refusal (never the URL). */
export async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<HttpResult | Refusal> {
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return refuse('TIMEOUT', `no answer within ${timeoutMs} ms`, true);
    }
    const cause = (error as { cause?: { code?: string } }).cause;
    return refuse('NETWORK', `connection failed${cause?.code ? `: ${cause.code}` : ''}`, true);
  }
}

export const isRefusal = (x: HttpResult | Refusal): x is Refusal => 'ok' in x;

export function header(headers: IncomingNotification['headers'], name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
