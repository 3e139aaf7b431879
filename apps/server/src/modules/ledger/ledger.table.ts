import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * The money ledger of DESIGN 14 (docs/ledger.md). Amounts are integers in the unit of the account:
 * cents for money, pieces for SMS and voice quotas. Each unit is a ledger of its own (a transfer
 * moves one unit between two accounts of that unit), so the balances of every unit sum to zero.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'user_balance',
  'reseller_margin',
  'sms_quota',
  'voice_quota',
  'platform_revenue',
  'payment_clearing',
  'sms_supply',
  'voice_supply',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_UNITS = ['cent', 'sms', 'voice'] as const;
export type LedgerUnit = (typeof LEDGER_UNITS)[number];

/** The unit every account of a kind holds. */
export const UNIT_OF_KIND: Record<LedgerAccountKind, LedgerUnit> = {
  user_balance: 'cent',
  reseller_margin: 'cent',
  sms_quota: 'sms',
  voice_quota: 'voice',
  platform_revenue: 'cent',
  payment_clearing: 'cent',
  sms_supply: 'sms',
  voice_supply: 'voice',
};

/**
 * The platform's side of each unit: these may go below zero (clearing is negative by what users
 * paid in, supply by the quota handed out). Every other account holds something a user owns and
 * never goes below zero, posted or available.
 */
export const NEGATIVE_ALLOWED_KINDS: readonly LedgerAccountKind[] = [
  'platform_revenue',
  'payment_clearing',
  'sms_supply',
  'voice_supply',
];

export const LEDGER_TRANSFER_KINDS = [
  'top_up',
  'credit',
  'consumption',
  'renewal',
  'refund',
  'quota_purchase',
  'margin',
  'adjustment',
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

export type LedgerTransferStatus = 'pending' | 'posted' | 'voided';

/**
 * One row per (kind, owner): the owner is a user id, null for the platform's own accounts. No
 * foreign key to users on purpose: money history outlives the user it belonged to.
 * `posted`, `pending_debits`, `pending_credits` are running totals kept in the transaction of each
 * transfer (account row locked); the test recomputes them from `ledger_transfers`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    ownerUserId: integer('owner_user_id'),
    unit: text('unit').$type<LedgerUnit>().notNull(),
    /** Posted credits minus posted debits. */
    posted: bigint('posted', { mode: 'number' }).notNull().default(0),
    /** Pending outgoing: reserved, not available. */
    pendingDebits: bigint('pending_debits', { mode: 'number' }).notNull().default(0),
    /** Pending incoming: not yet available. */
    pendingCredits: bigint('pending_credits', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_kind_owner_uq').on(t.kind, t.ownerUserId).nullsNotDistinct(),
    check('ledger_accounts_pending_nonneg', sql`${t.pendingDebits} >= 0 AND ${t.pendingCredits} >= 0`),
    // The last line of defence behind the service's own check (which answers a typed error).
    check(
      'ledger_accounts_available_nonneg',
      sql`${t.kind} IN ('platform_revenue', 'payment_clearing', 'sms_supply', 'voice_supply') OR ${t.posted} - ${t.pendingDebits} >= 0`,
    ),
  ],
);

/**
 * Immutable transfers: the only change allowed is status pending -> posted | voided (with its
 * time); no DELETE. A trigger (migration 0014_ledger_guard) enforces it in the database.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    unit: text('unit').$type<LedgerUnit>().notNull(),
    kind: text('kind').$type<LedgerTransferKind>().notNull(),
    status: text('status').$type<LedgerTransferStatus>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('ledger_transfers_idempotency_key_uq'),
    /** What the transfer is for: an order number, an SMS id, a device id. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true, precision: 3 }),
    voidedAt: timestamp('voided_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('ledger_transfers_from_idx').on(t.fromAccountId, t.id),
    index('ledger_transfers_to_idx').on(t.toAccountId, t.id),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    check('ledger_transfers_status', sql`${t.status} IN ('pending', 'posted', 'voided')`),
  ],
);
