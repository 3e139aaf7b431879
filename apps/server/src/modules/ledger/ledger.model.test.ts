import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { createTestDatabase, usesPostgres } from '../../test-support/database.js';
import { createLedgerRepository, safeNumber } from './ledger.repository.js';
import {
  type AccountRef,
  createLedgerService,
  IdempotencyConflictError,
  InsufficientBalanceError,
  type LedgerService,
  type TransferInput,
  TransferSettledError,
} from './ledger.service.js';
import { NEGATIVE_ALLOWED_KINDS } from './ledger.table.js';

/**
 * The model-based test of #20: thousands of random top-ups, consumptions (pending, then posted or
 * voided), refunds, renewals, SMS quota purchases and uses, duplicates and conflicting retries, run
 * in concurrent batches (Promise.all: truly concurrent on PostgreSQL, serialised by PGlite's single
 * connection), with the ledger's invariants checked after every batch. LEDGER_SEED replays a run
 * (on PostgreSQL the interleaving, and so which debits are refused, still varies).
 */
const SEED = Number(process.env.LEDGER_SEED ?? 20_261_125);
const BATCHES = Number(process.env.LEDGER_BATCHES ?? (usesPostgres() ? 60 : 20));
const BATCH_SIZE = 60;
const USERS = 16;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let dataDir: string;
let database: Database;
let ledger: LedgerService;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-ledger-model-'));
  database = await createTestDatabase(dataDir);
  ledger = createLedgerService({ db: database.db });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Op =
  | { type: 'transfer'; input: TransferInput; expect: 'new' | 'duplicate' | 'conflict' }
  | { type: 'settle'; to: 'post' | 'void'; key: string; race: boolean };

describe('ledger model', () => {
  it(`keeps its invariants under ${BATCHES} concurrent batches of ${BATCH_SIZE} random operations`, async () => {
    const rnd = mulberry32(SEED);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const users = Array.from({ length: USERS }, (_, i) => 1 + i);
    const balance = (u: number): AccountRef => ({ kind: 'user_balance', owner: u });
    const smsQuota = (u: number): AccountRef => ({ kind: 'sms_quota', owner: u });
    const clearing: AccountRef = { kind: 'payment_clearing' };
    const revenue: AccountRef = { kind: 'platform_revenue' };
    const smsSupply: AccountRef = { kind: 'sms_supply' };

    /** key -> the transfer the ledger answered for it (applied exactly once). */
    const applied = new Map<string, { id: number; input: TransferInput }>();
    /** Keys whose first and only attempt was refused: must not exist in the table. */
    const refused = new Set<string>();
    /** What the model believes each transfer's status is, from the answers of post() / void(). */
    const status = new Map<number, 'pending' | 'posted' | 'voided'>();
    const pending = new Set<string>();
    const refundable: { key: string; input: TransferInput }[] = [];
    /** Applied top-ups: an administrator may refund them in part (docs/recharge.md "Refunds"). */
    const topUps: { key: string; input: TransferInput }[] = [];
    let seq = 0;
    let operations = 0;
    const counts = {
      applied: 0,
      duplicates: 0,
      conflicts: 0,
      insufficient: 0,
      posted: 0,
      voided: 0,
      settleRaces: 0,
      topUpRefunds: 0,
    };
    let busyMs = 0;

    const newTransfer = (
      input: Omit<TransferInput, 'idempotencyKey'>,
      key = `op-${++seq}`,
    ): Extract<Op, { type: 'transfer' }> => ({
      type: 'transfer',
      input: { ...input, idempotencyKey: key },
      expect: 'new',
    });

    function generate(): Op[] {
      const ops: Op[] = [];
      // Settle some of what earlier batches left pending; a few both ways at once (a race).
      for (const key of [...pending].slice(0, int(5, 20))) {
        pending.delete(key);
        const to = rnd() < 0.6 ? 'post' : 'void';
        if (rnd() < 0.15) {
          ops.push(
            { type: 'settle', to: 'post', key, race: true },
            { type: 'settle', to: 'void', key, race: true },
          );
        } else {
          ops.push({ type: 'settle', to, key, race: false });
        }
      }
      while (ops.length < BATCH_SIZE) {
        const r = rnd();
        const u = pick(users);
        if (r < 0.22)
          ops.push(newTransfer({ from: clearing, to: balance(u), amount: int(1, 20_000), kind: 'top_up' }));
        else if (r < 0.45)
          ops.push(
            newTransfer({
              from: balance(u),
              to: revenue,
              amount: int(1, 5000),
              kind: 'consumption',
              pending: true,
            }),
          );
        else if (r < 0.58)
          ops.push(
            newTransfer({ from: balance(u), to: revenue, amount: int(1000, 30_000), kind: 'renewal' }),
          );
        else if (r < 0.68 && refundable.length > 0) {
          const original = pick(refundable);
          // One refund per original (the key says so); a second pick is a duplicate of it.
          const key = `refund-of-${original.key}`;
          const input = {
            from: revenue,
            to: original.input.from,
            amount: Math.max(1, Math.floor(original.input.amount / 2)),
            kind: 'refund' as const,
            reference: original.key,
          };
          ops.push({
            type: 'transfer',
            input: { ...input, idempotencyKey: key },
            expect: applied.has(key) ? 'duplicate' : 'new',
          });
        } else if (r < 0.7 && topUps.length > 0) {
          // A top-up refunded in up to two parts, as the refund service does: the user's balance back
          // to clearing, pending until the provider answers (posted or voided in a later batch), keyed
          // by the original; refused when the user already spent it. Same key, same amount: a retry.
          const original = pick(topUps);
          const part = int(1, 2);
          const key = `refund:${original.key}:${part}`;
          const input = {
            from: original.input.to,
            to: clearing,
            amount: Math.max(1, Math.floor(original.input.amount / (part + 2))),
            kind: 'refund' as const,
            reference: original.key,
            pending: true,
          };
          ops.push({
            type: 'transfer',
            input: { ...input, idempotencyKey: key },
            expect: applied.has(key) ? 'duplicate' : 'new',
          });
        } else if (r < 0.72) {
          // A parent crediting a child, in both directions at once: two user rows locked together.
          const v = pick(users.filter((x) => x !== u));
          ops.push(newTransfer({ from: balance(u), to: balance(v), amount: int(1, 3000), kind: 'credit' }));
          ops.push(newTransfer({ from: balance(v), to: balance(u), amount: int(1, 3000), kind: 'credit' }));
        } else if (r < 0.74)
          ops.push(
            newTransfer({ from: smsSupply, to: smsQuota(u), amount: int(1, 50), kind: 'quota_purchase' }),
          );
        else if (r < 0.8)
          ops.push(
            newTransfer({
              from: smsQuota(u),
              to: smsSupply,
              amount: int(1, 5),
              kind: 'consumption',
              pending: true,
            }),
          );
        else if (r < 0.92 && applied.size > 0) {
          const [, prior] = pick([...applied.entries()].slice(-200));
          ops.push({ type: 'transfer', input: prior.input, expect: 'duplicate' });
        } else if (r < 0.95 && applied.size > 0) {
          const [, prior] = pick([...applied.entries()].slice(-200));
          ops.push({
            type: 'transfer',
            input: { ...prior.input, amount: prior.input.amount + 1 },
            expect: 'conflict',
          });
        } else {
          // The same new transfer twice in one batch: a client retrying while the first is in flight.
          const op = newTransfer({ from: clearing, to: balance(u), amount: int(1, 1000), kind: 'credit' });
          ops.push(op, { ...op, expect: 'new' });
        }
      }
      return ops;
    }

    async function run(op: Op): Promise<void> {
      operations += 1;
      if (op.type === 'settle') {
        try {
          const row = op.to === 'post' ? await ledger.post(op.key) : await ledger.void(op.key);
          status.set(row.id, row.status);
          counts[row.status === 'posted' ? 'posted' : 'voided'] += 1;
        } catch (error) {
          if (op.race && error instanceof TransferSettledError) {
            counts.settleRaces += 1;
            return;
          }
          throw error;
        }
        return;
      }
      const key = op.input.idempotencyKey;
      try {
        const row = await ledger.transfer(op.input);
        expect(op.expect).not.toBe('conflict');
        const known = applied.get(key);
        if (known) {
          // Applied once: a repeat answers the same transfer.
          expect(row.id).toBe(known.id);
          counts.duplicates += 1;
          return;
        }
        applied.set(key, { id: row.id, input: op.input });
        refused.delete(key);
        counts.applied += 1;
        if (!status.has(row.id)) status.set(row.id, row.status);
        if (row.status === 'pending') pending.add(key);
        if (op.input.kind === 'top_up') topUps.push({ key, input: op.input });
        if (op.input.kind === 'refund' && key.startsWith('refund:')) counts.topUpRefunds += 1;
        if (op.input.kind === 'consumption' || op.input.kind === 'renewal') {
          if (
            op.input.from !== undefined &&
            typeof op.input.from === 'object' &&
            op.input.from.kind === 'user_balance'
          ) {
            refundable.push({ key, input: op.input });
          }
        }
      } catch (error) {
        if (error instanceof InsufficientBalanceError && op.expect !== 'conflict') {
          counts.insufficient += 1;
          if (!applied.has(key)) refused.add(key);
          return;
        }
        if (error instanceof IdempotencyConflictError && op.expect === 'conflict') {
          counts.conflicts += 1;
          return;
        }
        throw error;
      }
    }

    const repo = createLedgerRepository(database.db);
    async function check(batch: number): Promise<void> {
      const accounts = await repo.allAccounts();
      const derived = await repo.derivedTotals();
      const sums = new Map<string, { posted: number; debits: number; credits: number }>();
      for (const a of accounts) {
        const s = sums.get(a.unit) ?? { posted: 0, debits: 0, credits: 0 };
        s.posted += a.posted;
        s.debits += a.pendingDebits;
        s.credits += a.pendingCredits;
        sums.set(a.unit, s);
        if (!NEGATIVE_ALLOWED_KINDS.includes(a.kind)) {
          expect(a.posted, `batch ${batch}: account ${a.id} posted`).toBeGreaterThanOrEqual(0);
          expect(
            a.posted - a.pendingDebits,
            `batch ${batch}: account ${a.id} available`,
          ).toBeGreaterThanOrEqual(0);
        }
        // The stored running totals are what the transfers say.
        expect({
          posted: a.posted,
          pendingDebits: a.pendingDebits,
          pendingCredits: a.pendingCredits,
        }).toEqual(derived.get(a.id));
      }
      for (const [unit, s] of sums) {
        expect(s.posted, `batch ${batch}: ${unit} posted sum`).toBe(0);
        expect(s.debits, `batch ${batch}: ${unit} pending sums`).toBe(s.credits);
      }
      // Every applied key is one row, with the id the ledger answered and the status the model knows;
      // nothing the ledger refused is there.
      const result = await database.db.execute(sql`SELECT id, idempotency_key, status FROM ledger_transfers`);
      const rows = (result as unknown as { rows: { id: unknown; idempotency_key: string; status: string }[] })
        .rows;
      expect(rows.length, `batch ${batch}: transfer count`).toBe(applied.size);
      for (const r of rows) {
        const a = applied.get(r.idempotency_key);
        expect(a?.id, `batch ${batch}: transfer ${r.idempotency_key}`).toBe(safeNumber(r.id));
        expect(r.status).toBe(status.get(safeNumber(r.id)));
        expect(refused.has(r.idempotency_key)).toBe(false);
      }
    }

    for (let batch = 1; batch <= BATCHES; batch++) {
      const ops = generate();
      const started = performance.now();
      await Promise.all(ops.map(run));
      busyMs += performance.now() - started;
      await check(batch);
    }
    const perSecond = Math.round(operations / (busyMs / 1000));
    console.log(
      `ledger model (${usesPostgres() ? 'PostgreSQL' : 'PGlite'}, seed ${SEED}): ${operations} operations in ${Math.round(busyMs)} ms (${perSecond}/s)`,
      counts,
    );
    expect(counts.applied).toBeGreaterThan(BATCHES * 20);
    expect(counts.insufficient).toBeGreaterThan(0);
    expect(counts.duplicates).toBeGreaterThan(0);
    expect(counts.conflicts).toBeGreaterThan(0);
    expect(counts.posted + counts.voided).toBeGreaterThan(0);
    expect(counts.topUpRefunds).toBeGreaterThan(0);
  }, 120_000);
});
