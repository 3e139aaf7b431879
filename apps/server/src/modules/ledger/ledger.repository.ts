import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import {
  type LedgerAccountKind,
  type LedgerTransferKind,
  type LedgerTransferStatus,
  type LedgerUnit,
  ledgerAccounts,
  ledgerTransfers,
  UNIT_OF_KIND,
} from './ledger.table.js';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
/** Filters of `entriesOf` (all optional but the page). */
export interface EntryFilter {
  transferKinds?: readonly LedgerTransferKind[];
  units?: readonly LedgerUnit[];
  /** 'in': credits of the owner's accounts; 'out': debits. */
  direction?: 'in' | 'out';
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export type NewLedgerTransfer = Omit<typeof ledgerTransfers.$inferInsert, 'id' | 'voidedAt'>;

/** A bigint from raw SQL (pg answers text) as a JS number, refusing anything beyond 2^53. */
export function safeNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`ledger: ${String(value)} is not a safe integer`);
  return n;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export function createLedgerRepository(db: Executor) {
  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /**
     * The account of (kind, owner), created on first use. Runs on its own (not inside a transfer's
     * transaction): creating two accounts inside concurrent transactions in different orders could
     * deadlock on the unique index, and an account row alone changes no balance.
     */
    async ensureAccount(kind: LedgerAccountKind, ownerUserId: number | null): Promise<LedgerAccountRow> {
      const [inserted] = await db
        .insert(ledgerAccounts)
        .values({ kind, ownerUserId, unit: UNIT_OF_KIND[kind] })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.kind, kind),
            ownerUserId === null
              ? sql`${ledgerAccounts.ownerUserId} IS NULL`
              : eq(ledgerAccounts.ownerUserId, ownerUserId),
          ),
        );
      return row!;
    },

    async findAccount(id: number, tx: Executor = db): Promise<LedgerAccountRow | undefined> {
      const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
      return row;
    },

    /**
     * Locks the accounts in id order (every writer does, so no two transfers can deadlock). FOR NO
     * KEY UPDATE: it excludes other writers of the row but not the foreign-key checks of transfers
     * being inserted elsewhere.
     */
    async lockAccounts(ids: number[], tx: Executor): Promise<Map<number, LedgerAccountRow>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for('no key update');
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Adds the deltas to an account's running totals. */
    async adjust(
      id: number,
      delta: { posted?: number; pendingDebits?: number; pendingCredits?: number },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(ledgerAccounts)
        .set({
          posted: sql`${ledgerAccounts.posted} + ${delta.posted ?? 0}`,
          pendingDebits: sql`${ledgerAccounts.pendingDebits} + ${delta.pendingDebits ?? 0}`,
          pendingCredits: sql`${ledgerAccounts.pendingCredits} + ${delta.pendingCredits ?? 0}`,
        })
        .where(eq(ledgerAccounts.id, id));
    },

    async findTransferByKey(key: string, tx: Executor = db): Promise<LedgerTransferRow | undefined> {
      const [row] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
      return row;
    },

    async findTransfer(
      id: number,
      tx: Executor = db,
      forUpdate = false,
    ): Promise<LedgerTransferRow | undefined> {
      const q = tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    /** Undefined when the idempotency key is already taken (by a committed transfer). */
    async insertTransfer(values: NewLedgerTransfer, tx: Executor): Promise<LedgerTransferRow | undefined> {
      const [row] = await tx.insert(ledgerTransfers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async settle(id: number, status: Exclude<LedgerTransferStatus, 'pending'>, at: Date, tx: Executor) {
      const [row] = await tx
        .update(ledgerTransfers)
        .set(status === 'posted' ? { status, postedAt: at } : { status, voidedAt: at })
        .where(and(eq(ledgerTransfers.id, id), eq(ledgerTransfers.status, 'pending')))
        .returning();
      return row;
    },

    /** The transfers of an account, newest first. */
    async statement(accountId: number, limit: number, offset: number) {
      const where = or(
        eq(ledgerTransfers.fromAccountId, accountId),
        eq(ledgerTransfers.toAccountId, accountId),
      );
      const [total] = await db.select({ n: count() }).from(ledgerTransfers).where(where);
      const rows = await db
        .select()
        .from(ledgerTransfers)
        .where(where)
        .orderBy(desc(ledgerTransfers.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Transfers touching the accounts of one owner (of the given account kinds), newest first, with
     * the owner's side: `accountKind` and `signedAmount` (+ credit, - debit). Filters are optional.
     * Reads only: accounts that do not exist yet simply have no transfers.
     */
    async entriesOf(ownerUserId: number, accountKinds: readonly LedgerAccountKind[], f: EntryFilter) {
      const mine = sql`(SELECT id FROM ledger_accounts WHERE owner_user_id = ${ownerUserId} AND kind IN (${sql.join(
        accountKinds.map((k) => sql`${k}`),
        sql`, `,
      )}))`;
      const where = [
        sql`(t.from_account_id IN ${mine} OR t.to_account_id IN ${mine})`,
        ...(f.transferKinds?.length
          ? [
              sql`t.kind IN (${sql.join(
                f.transferKinds.map((k) => sql`${k}`),
                sql`, `,
              )})`,
            ]
          : []),
        ...(f.direction === 'in' ? [sql`t.to_account_id IN ${mine}`] : []),
        ...(f.direction === 'out' ? [sql`t.from_account_id IN ${mine}`] : []),
        ...(f.units?.length
          ? [
              sql`t.unit IN (${sql.join(
                f.units.map((u) => sql`${u}`),
                sql`, `,
              )})`,
            ]
          : []),
        ...(f.from ? [sql`t.created_at >= ${f.from.toISOString()}`] : []),
        ...(f.to ? [sql`t.created_at <= ${f.to.toISOString()}`] : []),
      ];
      const cond = sql.join(where, sql` AND `);
      const total = await db.execute(sql`SELECT count(*) AS n FROM ledger_transfers t WHERE ${cond}`);
      const result = await db.execute(sql`
        SELECT t.id, t.kind, t.status, t.unit, t.amount, t.reference, t.created_at,
          CASE WHEN t.to_account_id IN ${mine} THEN t.amount ELSE -t.amount END AS signed_amount
        FROM ledger_transfers t WHERE ${cond}
        ORDER BY t.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`);
      const rows = rowsOf(result).map((r) => ({
        id: safeNumber(r.id),
        kind: String(r.kind) as LedgerTransferKind,
        status: String(r.status) as LedgerTransferStatus,
        unit: String(r.unit) as LedgerUnit,
        amount: safeNumber(r.amount),
        signedAmount: safeNumber(r.signed_amount),
        reference: (r.reference as string | null) ?? null,
        createdAt: new Date(r.created_at as string | Date),
      }));
      return { rows, total: safeNumber(rowsOf(total)[0]?.n ?? 0) };
    },

    /** Posted and pending debits of one account created in [from, to) (what was spent). */
    async debitsBetween(accountId: number, from: Date, to: Date): Promise<number> {
      const result = await db.execute(sql`
        SELECT COALESCE(SUM(amount), 0) AS s FROM ledger_transfers
        WHERE from_account_id = ${accountId} AND status <> 'voided'
          AND created_at >= ${from.toISOString()} AND created_at < ${to.toISOString()}`);
      return safeNumber(rowsOf(result)[0]?.s ?? 0);
    },

    /**
     * Every account's totals recomputed from the transfers alone (the check of the stored running
     * totals): posted credits minus posted debits, pending debits, pending credits.
     */
    async derivedTotals(): Promise<
      Map<number, { posted: number; pendingDebits: number; pendingCredits: number }>
    > {
      const result = await db.execute(sql`
        SELECT a.id,
          COALESCE((SELECT SUM(amount) FROM ledger_transfers WHERE to_account_id = a.id AND status = 'posted'), 0)
          - COALESCE((SELECT SUM(amount) FROM ledger_transfers WHERE from_account_id = a.id AND status = 'posted'), 0) AS posted,
          COALESCE((SELECT SUM(amount) FROM ledger_transfers WHERE from_account_id = a.id AND status = 'pending'), 0) AS pending_debits,
          COALESCE((SELECT SUM(amount) FROM ledger_transfers WHERE to_account_id = a.id AND status = 'pending'), 0) AS pending_credits
        FROM ledger_accounts a`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return new Map(
        rows.map((r) => [
          safeNumber(r.id),
          {
            posted: safeNumber(r.posted),
            pendingDebits: safeNumber(r.pending_debits),
            pendingCredits: safeNumber(r.pending_credits),
          },
        ]),
      );
    },

    async allAccounts(): Promise<LedgerAccountRow[]> {
      return db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
