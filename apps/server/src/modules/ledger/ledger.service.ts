import { BizCode, formatServerMessage, type ServerMessageKey } from '@fleet/contracts';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import {
  createLedgerRepository,
  type EntryFilter,
  type LedgerAccountRow,
  type LedgerTransferRow,
} from './ledger.repository.js';
import {
  type LedgerAccountKind,
  type LedgerTransferKind,
  type LedgerUnit,
  NEGATIVE_ALLOWED_KINDS,
} from './ledger.table.js';

/**
 * The money ledger of DESIGN 14 (docs/ledger.md): accounts and immutable transfers in integer units
 * (cents, SMS, voice calls). Every balance the product shows comes from `balance()`.
 */

/** An account by id, or by (kind, owner user id; null or absent for the platform's own accounts). */
export type AccountRef = number | { kind: LedgerAccountKind; owner?: number | null };

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  /** Integer units of the accounts (cents for money), > 0 and below 2^53. */
  amount: number;
  kind: LedgerTransferKind;
  /** Unique per transfer: a retry with the same key answers the original transfer. */
  idempotencyKey: string;
  /** What it is for: an order number, an SMS id, a device id. */
  reference?: string | null;
  /** Reserve now (the amount leaves the available balance), settle later with post() or void(). */
  pending?: boolean;
}

export interface LedgerBalance {
  accountId: number;
  kind: LedgerAccountKind;
  ownerUserId: number | null;
  unit: LedgerUnit;
  /** Posted credits minus posted debits. */
  posted: number;
  /** Reserved by pending outgoing transfers. */
  pendingDebits: number;
  /** Pending incoming transfers (not yet spendable). */
  pendingCredits: number;
  /** posted - pendingDebits: what can be spent now. */
  available: number;
}

export interface StatementEntry extends LedgerTransferRow {
  /** +amount when the account is credited, -amount when debited. */
  signedAmount: number;
  /** The other side of the transfer. */
  counterAccountId: number;
}

function keyed(error: AppError, key: ServerMessageKey): AppError {
  error.messageKey = key;
  return error;
}

/** 20000: the account cannot pay `amount` (its available balance is smaller). */
export class InsufficientBalanceError extends AppError {
  constructor(
    readonly accountId: number,
    readonly available: number,
    readonly amount: number,
    unit: LedgerUnit,
  ) {
    const key: ServerMessageKey = unit === 'cent' ? 'ledger.insufficientBalance' : 'ledger.insufficientQuota';
    const text = formatServerMessage(key);
    super(BizCode.USER_MESSAGE, text, text);
    this.name = 'InsufficientBalanceError';
    keyed(this, key);
  }
}

/** 20000: an idempotency key already names a transfer with other parameters. */
export class IdempotencyConflictError extends AppError {
  constructor(
    readonly idempotencyKey: string,
    readonly existing: LedgerTransferRow,
  ) {
    const text = formatServerMessage('ledger.idempotencyConflict');
    super(BizCode.USER_MESSAGE, `${text} (${idempotencyKey})`, text);
    this.name = 'IdempotencyConflictError';
    keyed(this, 'ledger.idempotencyConflict');
  }
}

export class TransferNotFoundError extends AppError {
  constructor(readonly ref: number | string) {
    const text = formatServerMessage('ledger.transferNotFound');
    super(BizCode.USER_MESSAGE, `${text} (${ref})`, text);
    this.name = 'TransferNotFoundError';
    keyed(this, 'ledger.transferNotFound');
  }
}

/** Posting a voided transfer or voiding a posted one. */
export class TransferSettledError extends AppError {
  constructor(readonly transfer: LedgerTransferRow) {
    const text = formatServerMessage('ledger.transferSettled');
    super(BizCode.USER_MESSAGE, `${text} (${transfer.id} is ${transfer.status})`, text);
    this.name = 'TransferSettledError';
    keyed(this, 'ledger.transferSettled');
  }
}

/** A call that can never be right (mixed units, same account, unsafe amount): a programming error. */
export class LedgerUsageError extends Error {
  override name = 'LedgerUsageError';
}

/** Thrown inside the transaction when a concurrent transfer took the key first: roll back, re-read. */
class KeyTakenMeanwhile extends Error {}

export interface LedgerServiceDeps {
  db: Executor;
  clock?: () => Date;
}

export function createLedgerService({ db, clock = () => new Date() }: LedgerServiceDeps) {
  const repo = createLedgerRepository(db);

  /**
   * An account's identity (id, kind, owner, unit) never changes, so transfers resolve a reference
   * once per service; the totals are read fresh (locked) inside each transaction.
   */
  const identities = new Map<string, LedgerAccountRow>();
  async function identity(ref: AccountRef): Promise<LedgerAccountRow> {
    const cacheKey = typeof ref === 'number' ? `#${ref}` : `${ref.kind}:${ref.owner ?? ''}`;
    const cached = identities.get(cacheKey);
    if (cached) return cached;
    const row = await resolve(ref);
    if (identities.size > 10_000) identities.clear();
    identities.set(cacheKey, row);
    return row;
  }

  async function resolve(ref: AccountRef): Promise<LedgerAccountRow> {
    if (typeof ref === 'number') {
      const row = await repo.findAccount(ref);
      if (!row) throw new LedgerUsageError(`ledger: no account ${ref}`);
      return row;
    }
    return repo.ensureAccount(ref.kind, ref.owner ?? null);
  }

  function sameTransfer(
    existing: LedgerTransferRow,
    p: { from: number; to: number; amount: number; kind: string; reference: string | null },
  ): LedgerTransferRow {
    if (
      existing.fromAccountId !== p.from ||
      existing.toAccountId !== p.to ||
      existing.amount !== p.amount ||
      existing.kind !== p.kind ||
      (existing.reference ?? null) !== p.reference
    ) {
      throw new IdempotencyConflictError(existing.idempotencyKey, existing);
    }
    return existing;
  }

  async function findRef(ref: number | string, tx: Executor = db): Promise<LedgerTransferRow> {
    const row =
      typeof ref === 'number' ? await repo.findTransfer(ref, tx) : await repo.findTransferByKey(ref, tx);
    if (!row) throw new TransferNotFoundError(ref);
    return row;
  }

  /** Moves a pending transfer to posted or voided, the account rows locked first (id order). */
  async function settle(ref: number | string, to: 'posted' | 'voided'): Promise<LedgerTransferRow> {
    const first = await findRef(ref);
    if (first.status === to) return first;
    if (first.status !== 'pending') throw new TransferSettledError(first);
    const from = await identity(first.fromAccountId);
    const toAccount = await identity(first.toAccountId);
    return repo.transaction(async (tx) => {
      await lockChecked([from, toAccount], tx);
      const t = (await repo.findTransfer(first.id, tx, true))!;
      if (t.status === to) return t;
      if (t.status !== 'pending') throw new TransferSettledError(t);
      const row = (await repo.settle(t.id, to, clock(), tx))!;
      if (to === 'posted') {
        await applyDeltas(
          [
            [from, { posted: -t.amount, pendingDebits: -t.amount }],
            [toAccount, { posted: t.amount, pendingCredits: -t.amount }],
          ],
          tx,
        );
      } else {
        await applyDeltas(
          [
            [from, { pendingDebits: -t.amount }],
            [toAccount, { pendingCredits: -t.amount }],
          ],
          tx,
        );
      }
      return row;
    });
  }

  const mayGoNegative = (a: Pick<LedgerAccountRow, 'kind'>) => NEGATIVE_ALLOWED_KINDS.includes(a.kind);

  /**
   * The lock order of every writer: first the accounts that must not go negative (locked up front,
   * by id, because their balance is checked), then the transfer row, and last the platform's
   * accounts (by id), which are only updated, never checked: they are touched by nearly every
   * transfer, so they are held only from their UPDATE to the commit.
   */
  async function lockChecked(accounts: Pick<LedgerAccountRow, 'id' | 'kind'>[], tx: Executor) {
    return repo.lockAccounts(
      accounts.filter((a) => !mayGoNegative(a)).map((a) => a.id),
      tx,
    );
  }

  type Delta = { posted?: number; pendingDebits?: number; pendingCredits?: number };
  async function applyDeltas(deltas: [Pick<LedgerAccountRow, 'id' | 'kind'>, Delta][], tx: Executor) {
    const ordered = [...deltas].sort(
      ([a], [b]) => Number(mayGoNegative(a)) - Number(mayGoNegative(b)) || a.id - b.id,
    );
    for (const [account, delta] of ordered) await repo.adjust(account.id, delta, tx);
  }

  function balanceOf(a: LedgerAccountRow): LedgerBalance {
    return {
      accountId: a.id,
      kind: a.kind,
      ownerUserId: a.ownerUserId,
      unit: a.unit,
      posted: a.posted,
      pendingDebits: a.pendingDebits,
      pendingCredits: a.pendingCredits,
      available: a.posted - a.pendingDebits,
    };
  }

  return {
    /** The account of a reference (created with zero balance on first use). */
    account: resolve,

    /**
     * Moves `amount` from one account to another, posted at once or (pending) reserved. A repeated
     * idempotency key with the same accounts, amount, kind and reference answers the original
     * transfer and changes nothing; with other parameters it throws IdempotencyConflictError.
     * (Whether it was pending is not compared: a retry finds the transfer in its current state.)
     */
    async transfer(input: TransferInput): Promise<LedgerTransferRow> {
      const { amount, idempotencyKey } = input;
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new LedgerUsageError(`ledger: amount must be a positive safe integer, got ${amount}`);
      }
      if (!idempotencyKey) throw new LedgerUsageError('ledger: an idempotency key is required');
      const from = await identity(input.from);
      const to = await identity(input.to);
      if (from.id === to.id) throw new LedgerUsageError('ledger: a transfer needs two different accounts');
      if (from.unit !== to.unit) {
        throw new LedgerUsageError(`ledger: cannot move ${from.unit} to an account of ${to.unit}`);
      }
      const params = {
        from: from.id,
        to: to.id,
        amount,
        kind: input.kind,
        reference: input.reference ?? null,
      };
      const existing = await repo.findTransferByKey(idempotencyKey);
      if (existing) return sameTransfer(existing, params);
      try {
        return await repo.transaction(async (tx) => {
          const locked = await lockChecked([from, to], tx);
          // A retry that waited on our locks sees the committed original here.
          const again = await repo.findTransferByKey(idempotencyKey, tx);
          if (again) return sameTransfer(again, params);
          const source = locked.get(from.id);
          if (source) {
            const available = source.posted - source.pendingDebits;
            if (available < amount)
              throw new InsufficientBalanceError(source.id, available, amount, source.unit);
          }
          const now = clock();
          const row = await repo.insertTransfer(
            {
              fromAccountId: from.id,
              toAccountId: to.id,
              amount,
              unit: from.unit,
              kind: input.kind,
              status: input.pending ? 'pending' : 'posted',
              idempotencyKey,
              reference: params.reference,
              createdAt: now,
              postedAt: input.pending ? null : now,
            },
            tx,
          );
          if (!row) throw new KeyTakenMeanwhile();
          await applyDeltas(
            input.pending
              ? [
                  [from, { pendingDebits: amount }],
                  [to, { pendingCredits: amount }],
                ]
              : [
                  [from, { posted: -amount }],
                  [to, { posted: amount }],
                ],
            tx,
          );
          return row;
        });
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        return sameTransfer((await repo.findTransferByKey(idempotencyKey))!, params);
      }
    },

    /** Posts a pending transfer (by id or idempotency key); posting a posted one answers it. */
    post: (ref: number | string) => settle(ref, 'posted'),

    /** Voids a pending transfer, releasing the reservation; voiding a voided one answers it. */
    void: (ref: number | string) => settle(ref, 'voided'),

    async balance(ref: AccountRef): Promise<LedgerBalance> {
      return balanceOf(await resolve(ref));
    },

    /** The account's transfers, newest first; page from 1. */
    async statement(ref: AccountRef, page: { page?: number; pageSize?: number } = {}) {
      const account = await resolve(ref);
      const pageNo = Math.max(1, Math.trunc(page.page ?? 1));
      const pageSize = Math.min(500, Math.max(1, Math.trunc(page.pageSize ?? 20)));
      const { rows, total } = await repo.statement(account.id, pageSize, (pageNo - 1) * pageSize);
      const entries: StatementEntry[] = rows.map((t) => ({
        ...t,
        signedAmount: t.toAccountId === account.id ? t.amount : -t.amount,
        counterAccountId: t.toAccountId === account.id ? t.fromAccountId : t.toAccountId,
      }));
      return { account: balanceOf(account), entries, total, page: pageNo, pageSize };
    },

    /**
     * The transfers of one owner's accounts (of `accountKinds`), filtered, newest first; page from 1.
     * Unlike statement() it spans several accounts and never creates one.
     */
    async entries(
      owner: number,
      accountKinds: readonly LedgerAccountKind[],
      filter: Omit<EntryFilter, 'limit' | 'offset'> & { page?: number; pageSize?: number } = {},
    ) {
      const pageNo = Math.max(1, Math.trunc(filter.page ?? 1));
      const pageSize = Math.min(10_000, Math.max(1, Math.trunc(filter.pageSize ?? 20)));
      const { page: _p, pageSize: _s, ...rest } = filter;
      const { rows, total } = await repo.entriesOf(owner, accountKinds, {
        ...rest,
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      return { entries: rows, total, page: pageNo, pageSize };
    },

    /** What an account paid out (posted or reserved) in [from, to). */
    async debitsBetween(ref: AccountRef, from: Date, to: Date): Promise<number> {
      return repo.debitsBetween((await resolve(ref)).id, from, to);
    },

    findTransfer: (ref: number | string) => findRef(ref),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
