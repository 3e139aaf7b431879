import { z } from 'zod';
import { listQuery } from './envelope.js';

/**
 * Recharge and fees (SPEC 2.3 recharge center, SPEC 4 statuses, SPEC 9 cents; issue 20 items 2, 3, 6).
 * Money is integer cents in every request and answer; the screens divide by 100.
 */

/** SPEC 4 pay mode: -1 N/A (offline credit), 0 WeChat, 1 Alipay, 2 balance. */
export const PayMode = { NA: -1, WECHAT: 0, ALIPAY: 1, BALANCE: 2 } as const;
export type PayMode = (typeof PayMode)[keyof typeof PayMode];
export const PAY_MODES = [-1, 0, 1, 2] as const;

/** SPEC 4 order status of a top-up: 0 unpaid, 1 paid, 2 failed, 3 timed out. */
export const OrderStatus = { UNPAID: 0, PAID: 1, FAILED: 2, TIMED_OUT: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = [0, 1, 2, 3] as const;

/** SPEC 4 consume type: 1 SMS, 2 voice, 3 SIM renewal. */
export const ConsumeType = { SMS: 1, VOICE: 2, SIM_RENEWAL: 3 } as const;
export const CONSUME_TYPES = [1, 2, 3] as const;

/** SPEC 4 fee order type (for the fee orders of later slices). */
export const FEE_ORDER_TYPES = [0, 1, 2, 3, 4] as const;

export const PAYMENT_PROVIDERS = ['wechat', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** One top-up: 0.01 to 50,000.00 (cents). */
export const TOP_UP_MIN_CENTS = 1;
export const TOP_UP_MAX_CENTS = 5_000_000;
/** Minutes an unpaid top-up waits before it is closed at the provider and marked timed out. */
export const TOP_UP_EXPIRY_MINUTES = 15;
/** Quick amounts offered on /recharge (cents). */
export const TOP_UP_PRESETS = [1000, 5000, 10000, 50000] as const;

const cents = z.number().int().min(TOP_UP_MIN_CENTS).max(TOP_UP_MAX_CENTS);
const iso = z.string();

// ---- Merchant settings (platform management, user type 0) --------------------------------------

export const merchantSettingsInput = z.object({
  enabled: z.boolean(),
  /** WeChat appid / Alipay app_id. */
  app_id: z.string().trim().min(1).max(64),
  /** WeChat mchid / Alipay seller_id (2088..., optional for Alipay). */
  merchant_id: z.string().trim().max(64).default(''),
  /** WeChat: serial number of the merchant API certificate. */
  serial_no: z.string().trim().max(64).default(''),
  /** WeChat platform public key / Alipay public key (PEM; not secret). */
  public_key: z.string().trim().max(8000),
  /** Merchant / application private key (PEM). Absent keeps the stored one. */
  private_key: z.string().trim().max(8000).optional(),
  /** WeChat APIv3 key (32 characters). Absent keeps the stored one. */
  api_key: z.string().trim().max(64).optional(),
  /** Provider API base ('' = the public endpoint). */
  endpoint: z.union([z.literal(''), z.url().max(300)]).default(''),
  /** This platform's public base URL the provider posts notifications to. */
  notify_base_url: z.url().max(300),
});
export type MerchantSettingsInput = z.infer<typeof merchantSettingsInput>;

export const merchantSettingsRow = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  enabled: z.boolean(),
  app_id: z.string(),
  merchant_id: z.string(),
  serial_no: z.string(),
  public_key: z.string(),
  /** Whether a private key / APIv3 key is stored; the keys themselves are never answered. */
  has_private_key: z.boolean(),
  has_api_key: z.boolean(),
  endpoint: z.string(),
  notify_base_url: z.string(),
  updated_at: iso.nullable(),
});
export type MerchantSettingsRow = z.infer<typeof merchantSettingsRow>;

/** GET /recharge/providers: the providers a user can pay with now. */
export const enabledProviders = z.object({ providers: z.array(z.enum(PAYMENT_PROVIDERS)) });

// ---- Top-up orders --------------------------------------------------------------------------------

export const topUpInput = z.object({ amount: cents, provider: z.enum(PAYMENT_PROVIDERS) });
export type TopUpInput = z.infer<typeof topUpInput>;

export const rechargeOrderRow = z.object({
  id: z.number().int(),
  out_trade_no: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  operator_name: z.string(),
  pay_mode: z.number().int(),
  amount: z.number().int(),
  status: z.number().int(),
  /** The text of the QR code while the order is unpaid. */
  code_url: z.string(),
  transaction_id: z.string(),
  failure: z.string(),
  note: z.string(),
  created_at: iso,
  expires_at: iso.nullable(),
  paid_at: iso.nullable(),
  /** Cents refunded (confirmed by the provider) and being refunded (no outcome yet). */
  refunded: z.number().int(),
  refunding: z.number().int(),
  /**
   * Cents of `refunding` in refunds left unresolved (status 3: the provider gave no outcome after
   * repeated queries; the money stays held until a person checks or a late notification settles it).
   */
  refund_unresolved: z.number().int(),
});
export type RechargeOrderRow = z.infer<typeof rechargeOrderRow>;

/** A platform administrator refunds a paid top-up in full or in part (cents, at most what is left). */
export const refundInput = z.strictObject({
  amount: z.number().int().positive().max(1_000_000_000),
  reason: z.string().trim().min(1).max(80),
});
export type RefundInput = z.infer<typeof refundInput>;
/**
 * SPEC-style refund status: 0 processing, 1 refunded, 2 failed, 3 unresolved (the provider was asked
 * too often without an outcome: the money stays held until a person checks or a notification comes).
 */
export const RefundStatus = { PROCESSING: 0, REFUNDED: 1, FAILED: 2, UNRESOLVED: 3 } as const;
export const refundRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  out_refund_no: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.number().int(),
  failure: z.string(),
  created_at: iso,
  finished_at: iso.nullable(),
});
export type RefundRow = z.infer<typeof refundRow>;

export const rechargeOrderQuery = listQuery.extend({
  status: z.coerce.number().int().min(0).max(3).optional(),
  pay_mode: z.coerce.number().int().min(-1).max(2).optional(),
  search: z.string().trim().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type RechargeOrderQuery = z.infer<typeof rechargeOrderQuery>;

/** A parent credits a user below it: from its own balance (pay mode 2) or offline (-1, platform only). */
export const creditInput = z.object({
  user_id: z.number().int().positive(),
  amount: cents,
  mode: z.enum(['balance', 'offline']),
  note: z.string().trim().min(1).max(200),
});
export type CreditInput = z.infer<typeof creditInput>;

// ---- Balance, statement, consumption, overview ---------------------------------------------------

export const balanceReport = z.object({
  /** Posted credits minus posted debits (cents). */
  posted: z.number().int(),
  /** What can be spent now: posted minus reservations. */
  available: z.number().int(),
  pending_debits: z.number().int(),
  pending_credits: z.number().int(),
});
export type BalanceReport = z.infer<typeof balanceReport>;

export const STATEMENT_KINDS = [
  'top_up',
  'credit',
  'consumption',
  'renewal',
  'refund',
  'quota_purchase',
  'margin',
] as const;

export const statementQuery = listQuery.extend({
  kind: z.enum(STATEMENT_KINDS).optional(),
  direction: z.enum(['in', 'out']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;

export const statementRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.string(),
  /** + credit, - debit, in the unit of the account. */
  amount: z.number().int(),
  unit: z.string(),
  reference: z.string(),
  created_at: iso,
});
export type StatementRow = z.infer<typeof statementRow>;

export const consumptionQuery = listQuery.extend({
  consume_type: z.coerce.number().int().min(1).max(3).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ConsumptionQuery = z.infer<typeof consumptionQuery>;

export const consumptionRow = z.object({
  id: z.number().int(),
  consume_type: z.number().int(),
  /** Pieces for SMS and voice, cents for SIM renewal. */
  amount: z.number().int(),
  unit: z.string(),
  status: z.string(),
  reference: z.string(),
  created_at: iso,
});
export type ConsumptionRow = z.infer<typeof consumptionRow>;

export const feeOverview = z.object({
  balance: balanceReport,
  /** Cents spent from the balance since the first day of this month (UTC+8 business month). */
  month_spent: z.number().int(),
  /** What remains of the data owner's SMS / voice count (the ledger's quota); null = no limit. */
  sms_left: z.number().int().nullable(),
  voice_left: z.number().int().nullable(),
  recent_orders: z.array(rechargeOrderRow),
  /** The account's own expiry (SPEC 3 user_expire), null when it never expires. */
  user_expire: iso.nullable(),
});
export type FeeOverview = z.infer<typeof feeOverview>;

/**
 * A pre-expiry notice of the account's devices (issue 20 item 4): one per stage and batch of devices.
 * `stage`: days before the service expiry (30, 7, 1) or 0 = expired.
 */
export const expiryNoticeRow = z.object({
  id: z.number().int(),
  stage: z.number().int(),
  /** How many devices the notice is about. */
  count: z.number().int(),
  /** Their titles (at most 20, then "+N"). */
  devices: z.string(),
  created_at: iso,
  read: z.boolean(),
});
export type ExpiryNoticeRow = z.infer<typeof expiryNoticeRow>;
export const expiryNoticesRead = z.strictObject({
  ids: z.array(z.number().int().positive()).max(200).optional(),
});
export type ExpiryNoticesRead = z.infer<typeof expiryNoticesRead>;

// ---- Device renewal (issue 20 item 4) --------------------------------------------------------------

/** Years one renewal may add. */
export const RENEW_MAX_YEARS = 5;
/** Devices one renewal may cover. */
export const RENEW_MAX_DEVICES = 500;

export const renewInput = z.object({
  device_ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(RENEW_MAX_DEVICES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'device_ids: each device once' }),
  years: z.number().int().min(1).max(RENEW_MAX_YEARS),
});
export type RenewInput = z.infer<typeof renewInput>;

export const renewableQuery = listQuery.extend({
  search: z.string().trim().max(64).optional(),
  /** Only devices expired or expiring within this many days. */
  within_days: z.coerce.number().int().min(0).max(3650).optional(),
});
export type RenewableQuery = z.infer<typeof renewableQuery>;

export const renewableDeviceRow = z.object({
  id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  expire_at: iso.nullable(),
});
export type RenewableDeviceRow = z.infer<typeof renewableDeviceRow>;

export const renewQuote = z.object({
  /** Cents per device and year: the rent fee the parent set on the account. */
  unit_fee: z.number().int(),
  available: z.number().int(),
});
export type RenewQuote = z.infer<typeof renewQuote>;

export const renewalOrderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_name: z.string(),
  operator_name: z.string(),
  device_count: z.number().int(),
  years: z.number().int(),
  unit_fee: z.number().int(),
  amount: z.number().int(),
  /** SPEC 4 fee order type 1 (cloud rent renewal), pay mode 2 (balance), fee status 1 (paid). */
  order_type: z.number().int(),
  pay_mode: z.number().int(),
  fee_status: z.number().int(),
  created_at: iso,
  devices: z.array(
    z.object({
      device_id: z.number().int(),
      device_title: z.string(),
      device_imei: z.string(),
      expire_before: iso.nullable(),
      expire_after: iso,
    }),
  ),
});
export type RenewalOrderRow = z.infer<typeof renewalOrderRow>;
