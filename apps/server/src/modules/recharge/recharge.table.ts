import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Merchant accounts of the payment providers (platform management, user type 0): one row per
 * provider. `private_key` and `api_key` are sealed by the SecretBox (`sb1:...`) and never answered.
 */
export const paymentMerchants = pgTable('payment_merchants', {
  provider: text('provider').$type<'wechat' | 'alipay'>().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  appId: text('app_id').notNull(),
  merchantId: text('merchant_id').notNull().default(''),
  serialNo: text('serial_no').notNull().default(''),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull().default(''),
  apiKey: text('api_key').notNull().default(''),
  endpoint: text('endpoint').notNull().default(''),
  notifyBaseUrl: text('notify_base_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/**
 * Top-ups and credits (SPEC 4 order status 0 unpaid, 1 paid, 2 failed, 3 timed out; pay mode -1
 * offline, 0 WeChat, 1 Alipay, 2 balance). The money itself moves in the ledger, keyed
 * `pay:<provider>:<out_trade_no>` (top-ups) or `credit:<out_trade_no>` (credits); this row is the
 * order, its audit trail (who, for whom, how, why) and what the screens list. No foreign key to
 * users, like the ledger: money history outlives the user.
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    outTradeNo: text('out_trade_no').notNull().unique('recharge_orders_out_trade_no_uq'),
    /** The user whose balance is credited. */
    ownerUserId: integer('owner_user_id').notNull(),
    /** Who created the order (the owner, or the parent that credited it). */
    operatorUserId: integer('operator_user_id').notNull(),
    payMode: smallint('pay_mode').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    codeUrl: text('code_url').notNull().default(''),
    transactionId: text('transaction_id').notNull().default(''),
    failure: text('failure').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** Cents refunded (refunds the provider confirmed) and in flight (asked, no outcome yet). */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    refunding: bigint('refunding', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('recharge_orders_owner_idx').on(t.ownerUserId, t.id),
    check('recharge_orders_refund_le_amount', sql`${t.refunded} + ${t.refunding} <= ${t.amount}`),
    index('recharge_orders_unpaid_idx').on(t.expiresAt).where(sql`${t.status} = 0`),
    check('recharge_orders_amount_positive', sql`${t.amount} > 0`),
    check('recharge_orders_status', sql`${t.status} IN (0, 1, 2, 3)`),
    check('recharge_orders_pay_mode', sql`${t.payMode} IN (-1, 0, 1, 2)`),
  ],
);

/**
 * Device renewals (issue 20 item 4; SPEC 4 fee order type 1 "cloud rent renewal", paid from the
 * balance): N devices for Y years at the rent fee the parent set on the account (cents per device
 * and year). The money is the ledger transfer `renew:<order_no>`; this row and its devices are the
 * order and its audit trail (each device's expiry before and after).
 */
export const renewalOrders = pgTable(
  'renewal_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique('renewal_orders_order_no_uq'),
    ownerUserId: integer('owner_user_id').notNull(),
    operatorUserId: integer('operator_user_id').notNull(),
    deviceCount: integer('device_count').notNull(),
    years: smallint('years').notNull(),
    /** Rent fee per device and year (cents) at the time of the order. */
    unitFee: bigint('unit_fee', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('renewal_orders_owner_idx').on(t.ownerUserId, t.id),
    check('renewal_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const renewalOrderDevices = pgTable(
  'renewal_order_devices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => renewalOrders.id),
    /** No foreign key: the order outlives a deleted device. */
    deviceId: integer('device_id').notNull(),
    deviceTitle: text('device_title').notNull(),
    deviceImei: text('device_imei').notNull(),
    expireBefore: timestamp('expire_before', { withTimezone: true }),
    expireAfter: timestamp('expire_after', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.deviceId] })],
);

/**
 * Pre-expiry notices of a device's service (issue 20 item 4): one row per device, stage and expiry
 * date, claimed by the leader's tick in the transaction of the owner's notice. The unique key makes
 * the notice once per device, stage and expiry even with two instances; a renewal moves `expire_at`,
 * which re-arms every stage. `stage`: days before the expiry (30, 7, 1) or 0 at the expiry.
 * No foreign key to the device: the row is history, deleting a device must not be blocked by it.
 */
export const deviceExpiryNotices = pgTable(
  'device_expiry_notices',
  {
    deviceId: integer('device_id').notNull(),
    expireAt: timestamp('expire_at', { withTimezone: true, precision: 3 }).notNull(),
    stage: smallint('stage').notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.expireAt, t.stage] }),
    index('device_expiry_notices_owner_idx').on(t.ownerUserId),
  ],
);

/**
 * Refunds of paid top-ups (issue 20): one row per request to the provider (`out_refund_no`
 * `F<yyyyMMddHHmmss><8 digits>`), made by a platform administrator. The money leaves the user's
 * balance as a pending ledger transfer `refund:<out_refund_no>` (balance -> payment clearing) before
 * the provider is asked; posted when the provider confirms, voided when it refuses or fails.
 * status: 0 processing, 1 refunded, 2 failed, 3 unresolved (the provider was asked `queries` times
 * without an outcome: the money stays held and a person must check; a late notification still settles it).
 */
export const rechargeRefunds = pgTable(
  'recharge_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => rechargeOrders.id),
    outRefundNo: text('out_refund_no').notNull().unique('recharge_refunds_out_refund_no_uq'),
    ownerUserId: integer('owner_user_id').notNull(),
    operatorUserId: integer('operator_user_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    status: smallint('status').notNull().default(0),
    refundId: text('refund_id').notNull().default(''),
    failure: text('failure').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /**
     * Reconciliation (refund-reconcile.ts): when the leader's tick next asks the provider about a
     * refund still processing (its notification lost, or the request timed out), and how often it did.
     */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true, precision: 3 }),
    queries: integer('queries').notNull().default(0),
  },
  (t) => [
    index('recharge_refunds_order_idx').on(t.orderId),
    index('recharge_refunds_due_idx').on(t.status, t.nextQueryAt),
    check('recharge_refunds_amount_positive', sql`${t.amount} > 0`),
    check('recharge_refunds_status', sql`${t.status} IN (0, 1, 2, 3)`),
  ],
);
