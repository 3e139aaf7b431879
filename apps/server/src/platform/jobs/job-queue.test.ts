import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import { createTestClock } from '../../test-support/test-app.js';
import type { Database } from '../db/client.js';
import { retryDelayMs } from './backoff.js';
import { createJobQueue, PermanentJobError } from './job-queue.js';
import { createJobQueueRepository } from './job-queue.repository.js';

let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-jobs-'));
  database = await createTestDatabase(dataDir);
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function queueOf(instanceId: string, clock = createTestClock(new Date('2026-06-01T00:00:00Z'))) {
  return { clock, queue: createJobQueue({ database, instanceId, clock }) };
}

describe('backoff', () => {
  it('doubles from 5 s and stops growing at 10 min', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(600_000);
  });
});

describe('durable jobs', () => {
  it('runs a due job once and keeps its run in the history', async () => {
    const { queue } = queueOf('a');
    const seen: unknown[] = [];
    queue.define('t.ok', async (payload) => void seen.push(payload));
    const [id] = await queue.insert([{ kind: 't.ok', payload: { n: 1 } }]);
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const repo = createJobQueueRepository(database.db);
    expect(await repo.find(id!)).toBeUndefined();
    expect(await repo.history(id!)).toMatchObject([
      { status: 'done', attempt: 1, instanceId: 'a', error: '' },
    ]);
  });

  it('retries a failure after the backoff and gives up after max_attempts', async () => {
    const { queue, clock } = queueOf('a');
    let calls = 0;
    queue.define('t.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const [id] = await queue.insert([{ kind: 't.flaky', maxAttempts: 3 }]);
    const repo = createJobQueueRepository(database.db);
    expect(await queue.runDue()).toBe(1);
    // Not due again before its backoff has passed.
    clock.advance(4);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect((await repo.find(id!))?.runAt.getTime()).toBe(clock().getTime() + retryDelayMs(2));
    clock.advance(10);
    expect(await queue.runDue()).toBe(1);
    expect(await repo.find(id!)).toBeUndefined();
    const history = await repo.history(id!);
    expect(history.map((h) => [h.attempt, h.status, h.error])).toEqual([
      [1, 'retry', 'boom 1'],
      [2, 'retry', 'boom 2'],
      [3, 'failed', 'boom 3'],
    ]);
  });

  it('fails a permanent error at once', async () => {
    const { queue } = queueOf('a');
    queue.define('t.bad', async () => {
      throw new PermanentJobError('cannot ever work');
    });
    const [id] = await queue.insert([{ kind: 't.bad' }]);
    await queue.runDue();
    expect(await createJobQueueRepository(database.db).history(id!)).toMatchObject([
      { attempt: 1, status: 'failed', error: 'cannot ever work' },
    ]);
  });

  it('gives a job to one of two instances claiming at once', async () => {
    const clock = createTestClock(new Date('2026-06-01T00:00:00Z'));
    const a = queueOf('a', clock).queue;
    const b = queueOf('b', clock).queue;
    const ran: string[] = [];
    a.define('t.shared', async (p) => void ran.push(`a${(p as { n: number }).n}`));
    b.define('t.shared', async (p) => void ran.push(`b${(p as { n: number }).n}`));
    await a.insert(Array.from({ length: 30 }, (_, n) => ({ kind: 't.shared', payload: { n } })));
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(30);
    expect(new Set(ran.map((r) => r.slice(1))).size).toBe(30);
  });

  it('re-claims a job whose holder died once its lease ran out, never before', async () => {
    const clock = createTestClock(new Date('2026-06-01T00:00:00Z'));
    const repo = createJobQueueRepository(database.db);
    const [id] = await repo.insert([{ kind: 't.lease', runAt: clock() }]);
    // Instance "dead" claimed it and then vanished without finishing.
    const lease = new Date(clock().getTime() + 60_000);
    expect(await repo.claim(['t.lease'], 'dead', clock(), lease, 10)).toHaveLength(1);
    const { queue } = queueOf('alive', clock);
    const ran: number[] = [];
    queue.define('t.lease', async (_p, { job }) => void ran.push(job.attempts));
    expect(await queue.runDue()).toBe(0);
    clock.advance(60);
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    // The dead holder's late answer changes nothing: the job is no longer its own.
    expect(await repo.heartbeat(id!, 'dead', lease)).toBe(false);
    expect(await repo.history(id!)).toMatchObject([{ status: 'done', instanceId: 'alive', attempt: 2 }]);
  });

  it('forgets runs older than 30 days', async () => {
    const clock = createTestClock(new Date('2026-09-01T00:00:00Z'));
    const { queue } = queueOf('a', clock);
    queue.define('t.old', async () => undefined);
    const [id] = await queue.insert([{ kind: 't.old' }]);
    await queue.runDue();
    const repo = createJobQueueRepository(database.db);
    clock.advance(30 * 86_400 - 1);
    await queue.pruneHistory();
    expect(await repo.history(id!)).toHaveLength(1);
    clock.advance(2);
    await queue.pruneHistory();
    expect(await repo.history(id!)).toEqual([]);
  });

  it('claims only the kinds this instance handles', async () => {
    const { queue } = queueOf('a');
    const repo = createJobQueueRepository(database.db);
    const [id] = await repo.insert([{ kind: 't.elsewhere', runAt: new Date('2026-01-01T00:00:00Z') }]);
    queue.define('t.here', async () => undefined);
    expect(await queue.runDue()).toBe(0);
    expect(await repo.find(id!)).toMatchObject({ attempts: 0, lockedBy: null });
  });
});
