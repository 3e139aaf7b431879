import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BizCode } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { createTestDatabase } from '../../test-support/database.js';
import { createLedgerRepository } from './ledger.repository.js';
import {
  createLedgerService,
  IdempotencyConflictError,
  InsufficientBalanceError,
  type LedgerService,
  LedgerUsageError,
  TransferNotFoundError,
  TransferSettledError,
} from './ledger.service.js';

let dataDir: string;
let database: Database;
let ledger: LedgerService;
let owner = 1000;
let key = 0;
const nextKey = () => `k${++key}`;
/** A fresh user balance account (owners need not be users: the ledger has no foreign key to them). */
const user = () => ({ kind: 'user_balance' as const, owner: ++owner });
const clearing = { kind: 'payment_clearing' as const };
const revenue = { kind: 'platform_revenue' as const };

async function topUp(to: { kind: 'user_balance'; owner: number }, amount: number) {
  return ledger.transfer({ from: clearing, to, amount, kind: 'top_up', idempotencyKey: nextKey() });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-ledger-'));
  database = await createTestDatabase(dataDir);
  ledger = createLedgerService({ db: database.db });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ledger transfers', () => {
  it('a top-up credits the user and debits clearing, which may go negative', async () => {
    const u = user();
    const before = await ledger.balance(clearing);
    const t = await topUp(u, 12_345);
    expect(t).toMatchObject({ status: 'posted', amount: 12_345, unit: 'cent', kind: 'top_up' });
    expect(t.postedAt).not.toBeNull();
    expect(await ledger.balance(u)).toMatchObject({ posted: 12_345, available: 12_345, pendingDebits: 0 });
    expect((await ledger.balance(clearing)).posted).toBe(before.posted - 12_345);
  });

  it('refuses to take a user balance below zero with a typed 20000 error, changing nothing', async () => {
    const u = user();
    await topUp(u, 100);
    const attempt = ledger.transfer({
      from: u,
      to: revenue,
      amount: 101,
      kind: 'renewal',
      idempotencyKey: 'short-1',
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(attempt).rejects.toMatchObject({
      code: BizCode.USER_MESSAGE,
      messageKey: 'ledger.insufficientBalance',
      available: 100,
      amount: 101,
    });
    expect((await ledger.balance(u)).posted).toBe(100);
    await expect(ledger.findTransfer('short-1')).rejects.toBeInstanceOf(TransferNotFoundError);
    // The exact balance can be spent.
    await ledger.transfer({ from: u, to: revenue, amount: 100, kind: 'renewal', idempotencyKey: 'short-2' });
    expect(await ledger.balance(u)).toMatchObject({ posted: 0, available: 0 });
  });

  it('a repeated idempotency key answers the original transfer and changes nothing', async () => {
    const u = user();
    const input = {
      from: clearing,
      to: u,
      amount: 500,
      kind: 'top_up' as const,
      idempotencyKey: 'order-42',
      reference: 'order 42',
    };
    const first = await ledger.transfer(input);
    const again = await ledger.transfer(input);
    expect(again.id).toBe(first.id);
    expect((await ledger.balance(u)).posted).toBe(500);
  });

  it('a repeated idempotency key with other parameters is refused', async () => {
    const u = user();
    const input = { from: clearing, to: u, amount: 500, kind: 'top_up' as const, idempotencyKey: 'order-43' };
    await ledger.transfer(input);
    for (const changed of [
      { ...input, amount: 501 },
      { ...input, to: user() },
      { ...input, kind: 'credit' as const },
      { ...input, reference: 'other' },
    ]) {
      await expect(ledger.transfer(changed)).rejects.toBeInstanceOf(IdempotencyConflictError);
    }
    await expect(ledger.transfer({ ...input, amount: 501 })).rejects.toMatchObject({
      code: BizCode.USER_MESSAGE,
      messageKey: 'ledger.idempotencyConflict',
    });
    expect((await ledger.balance(u)).posted).toBe(500);
  });

  it('concurrent calls with one key apply once', async () => {
    const u = user();
    const input = { from: clearing, to: u, amount: 70, kind: 'top_up' as const, idempotencyKey: 'same-key' };
    const rows = await Promise.all(Array.from({ length: 12 }, () => ledger.transfer(input)));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect((await ledger.balance(u)).posted).toBe(70);
  });

  it('pending reserves the amount; post moves it; void releases it', async () => {
    const u = user();
    await topUp(u, 1000);
    const sms = await ledger.transfer({
      from: u,
      to: revenue,
      amount: 300,
      kind: 'consumption',
      idempotencyKey: 'sms-1',
      pending: true,
    });
    expect(sms.status).toBe('pending');
    expect(await ledger.balance(u)).toMatchObject({ posted: 1000, pendingDebits: 300, available: 700 });
    // The reservation counts: 800 more is refused although 1000 is posted.
    await expect(
      ledger.transfer({
        from: u,
        to: revenue,
        amount: 800,
        kind: 'consumption',
        idempotencyKey: 'sms-2',
        pending: true,
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    const posted = await ledger.post(sms.id);
    expect(posted).toMatchObject({ status: 'posted' });
    expect(posted.postedAt).not.toBeNull();
    expect(await ledger.balance(u)).toMatchObject({ posted: 700, pendingDebits: 0, available: 700 });
    // Posting again answers the posted transfer; voiding it now is refused.
    expect((await ledger.post('sms-1')).id).toBe(sms.id);
    await expect(ledger.void(sms.id)).rejects.toBeInstanceOf(TransferSettledError);

    const call = await ledger.transfer({
      from: u,
      to: revenue,
      amount: 200,
      kind: 'consumption',
      idempotencyKey: 'voice-1',
      pending: true,
    });
    const revenueBefore = await ledger.balance(revenue);
    expect(revenueBefore.pendingCredits).toBeGreaterThanOrEqual(200);
    const voided = await ledger.void('voice-1');
    expect(voided.status).toBe('voided');
    expect(voided.voidedAt).not.toBeNull();
    expect(await ledger.balance(u)).toMatchObject({ posted: 700, pendingDebits: 0, available: 700 });
    expect((await ledger.balance(revenue)).pendingCredits).toBe(revenueBefore.pendingCredits - 200);
    expect((await ledger.void(call.id)).status).toBe('voided');
    await expect(ledger.post(call.id)).rejects.toBeInstanceOf(TransferSettledError);
    await expect(ledger.post(999_999)).rejects.toBeInstanceOf(TransferNotFoundError);
  });

  it('concurrent posts and voids of one pending transfer settle it once', async () => {
    const u = user();
    await topUp(u, 50);
    const t = await ledger.transfer({
      from: u,
      to: revenue,
      amount: 50,
      kind: 'consumption',
      idempotencyKey: nextKey(),
      pending: true,
    });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => ledger.post(t.id)),
      ...Array.from({ length: 5 }, () => ledger.void(t.id)),
    ]);
    const final = await ledger.findTransfer(t.id);
    const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(ok).toBe(5);
    const b = await ledger.balance(u);
    expect(b.pendingDebits).toBe(0);
    expect(b.posted).toBe(final.status === 'posted' ? 0 : 50);
  });

  it('quotas are ledgers of their own unit: SMS pieces never mix with cents', async () => {
    const owner = ++key + 5000;
    const quota = { kind: 'sms_quota' as const, owner };
    await ledger.transfer({
      from: { kind: 'sms_supply' },
      to: quota,
      amount: 100,
      kind: 'quota_purchase',
      idempotencyKey: nextKey(),
    });
    expect(await ledger.balance(quota)).toMatchObject({ unit: 'sms', posted: 100 });
    await expect(
      ledger.transfer({
        from: quota,
        to: revenue,
        amount: 1,
        kind: 'consumption',
        idempotencyKey: nextKey(),
      }),
    ).rejects.toBeInstanceOf(LedgerUsageError);
    await expect(
      ledger.transfer({
        from: quota,
        to: { kind: 'sms_supply' },
        amount: 101,
        kind: 'consumption',
        idempotencyKey: nextKey(),
        pending: true,
      }),
    ).rejects.toMatchObject({ messageKey: 'ledger.insufficientQuota' });
  });

  it('refuses amounts that are not positive safe integers and transfers to the same account', async () => {
    const u = user();
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      await expect(
        ledger.transfer({ from: clearing, to: u, amount, kind: 'top_up', idempotencyKey: nextKey() }),
      ).rejects.toBeInstanceOf(LedgerUsageError);
    }
    await expect(
      ledger.transfer({
        from: clearing,
        to: clearing,
        amount: 1,
        kind: 'adjustment',
        idempotencyKey: nextKey(),
      }),
    ).rejects.toBeInstanceOf(LedgerUsageError);
    await expect(
      ledger.transfer({ from: clearing, to: u, amount: 1, kind: 'top_up', idempotencyKey: '' }),
    ).rejects.toBeInstanceOf(LedgerUsageError);
  });

  it('keeps amounts up to 2^53 - 1 exact', async () => {
    const big = { kind: 'reseller_margin' as const, owner: ++owner };
    await ledger.transfer({
      from: clearing,
      to: big,
      amount: Number.MAX_SAFE_INTEGER,
      kind: 'adjustment',
      idempotencyKey: nextKey(),
    });
    expect((await ledger.balance(big)).posted).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a statement lists the account transfers newest first with signed amounts, paged', async () => {
    const u = user();
    await topUp(u, 1000);
    await ledger.transfer({
      from: u,
      to: revenue,
      amount: 300,
      kind: 'renewal',
      idempotencyKey: nextKey(),
      reference: 'device 7',
    });
    await ledger.transfer({ from: revenue, to: u, amount: 100, kind: 'refund', idempotencyKey: nextKey() });
    const page1 = await ledger.statement(u, { page: 1, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(page1.account.posted).toBe(800);
    expect(page1.entries.map((e) => [e.kind, e.signedAmount])).toEqual([
      ['refund', 100],
      ['renewal', -300],
    ]);
    expect(page1.entries[1]!.reference).toBe('device 7');
    const page2 = await ledger.statement(u, { page: 2, pageSize: 2 });
    expect(page2.entries.map((e) => [e.kind, e.signedAmount])).toEqual([['top_up', 1000]]);
  });
});

describe('inside a caller transaction', () => {
  it('a ledger on an open transaction commits and rolls back with it (an order and its payment together)', async () => {
    const u = user();
    await expect(
      database.db.transaction(async (tx) => {
        const inner = createLedgerService({ db: tx });
        await inner.transfer({
          from: clearing,
          to: u,
          amount: 40,
          kind: 'top_up',
          idempotencyKey: 'tx-rolled-back',
        });
        expect((await inner.balance(u)).posted).toBe(40);
        throw new Error('the order update failed');
      }),
    ).rejects.toThrow('the order update failed');
    await expect(ledger.findTransfer('tx-rolled-back')).rejects.toBeInstanceOf(TransferNotFoundError);
    await database.db.transaction(async (tx) => {
      await createLedgerService({ db: tx }).transfer({
        from: clearing,
        to: u,
        amount: 40,
        kind: 'top_up',
        idempotencyKey: 'tx-committed',
      });
    });
    expect((await ledger.balance(u)).posted).toBe(40);
  });
});

describe('the database guards the ledger too', () => {
  it('transfers cannot be changed except pending -> posted | voided, nor deleted', async () => {
    const u = user();
    const t = await topUp(u, 10);
    const db = database.db;
    await expect(
      db.execute(sql`UPDATE ledger_transfers SET amount = 11 WHERE id = ${t.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE ledger_transfers SET status = 'pending', posted_at = NULL WHERE id = ${t.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM ledger_transfers WHERE id = ${t.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, unit, kind, status, idempotency_key)
        SELECT from_account_id, to_account_id, 0, unit, kind, 'posted', 'zero' FROM ledger_transfers WHERE id = ${t.id}`),
    ).rejects.toThrow();
    expect((await ledger.findTransfer(t.id)).amount).toBe(10);
  });

  it('a user account row cannot be written below zero', async () => {
    const u = user();
    const account = await ledger.account(u);
    await expect(
      database.db.execute(sql`UPDATE ledger_accounts SET posted = -1 WHERE id = ${account.id}`),
    ).rejects.toThrow();
    const repo = createLedgerRepository(database.db);
    expect((await repo.findAccount(account.id))!.posted).toBe(0);
  });
});
