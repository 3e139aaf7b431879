import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus } from '../platform/bus/event-bus.js';
import type { Database } from '../platform/db/client.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createDeviceDirectory } from './directory.js';
import { insertTestPoint } from './pipeline.fixtures.js';
import { createPipeline, type PipelineOptions } from './pipeline.js';
import type { Reading, StoredReading } from './types.js';

let t: TestApp;
let deviceId: number;
let otherDeviceId: number;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.id })).id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: owner.id })).id;
});
afterAll(async () => {
  await t?.close();
});

function pipelineOn(database: Database = t.database, options: PipelineOptions = {}) {
  const bus = createLocalBus();
  const directory = createDeviceDirectory(t.database.db, bus);
  return createPipeline({ database, directory, bus, clock: () => new Date(T0), options });
}

async function history(pointId: number) {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from ts) * 1000)::float8 as ts, value, text from point_history
        where point_id = ${pointId} order by ts`,
  )) as unknown as { rows: { ts: number; value: number | null; text: string | null }[] };
  return result.rows.map((r) => ({ ts: Number(r.ts), value: r.text ?? r.value }));
}

async function latestRow(pointId: number) {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from ts) * 1000)::float8 as ts, value, text,
          (extract(epoch from stored_ts) * 1000)::float8 as stored_ts, stored_value
        from point_latest where point_id = ${pointId}`,
  )) as unknown as {
    rows: { ts: number; value: number | null; text: string | null; stored_ts: number | null }[];
  };
  const row = result.rows[0];
  return (
    row && {
      ts: Number(row.ts),
      value: row.text ?? row.value,
      storedTs: row.stored_ts && Number(row.stored_ts),
    }
  );
}

const at = (pointId: number, seconds: number, value: Reading['value'], device = deviceId): Reading => ({
  deviceId: device,
  pointId,
  ts: T0 + seconds * 1000,
  value,
});

describe('pipeline storage modes', () => {
  it('timed: stores the first reading and then one per interval, the exact interval included', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1, storageIntervalS: 10 });
    const pipeline = pipelineOn();
    await pipeline.ingest([0, 5, 9.999, 10, 15, 21].map((s) => at(point.id, s, s)));
    expect(await history(point.id)).toEqual([
      { ts: T0, value: 0 },
      { ts: T0 + 10_000, value: 10 },
      { ts: T0 + 21_000, value: 21 },
    ]);
    expect(await latestRow(point.id)).toEqual({ ts: T0 + 21_000, value: 21, storedTs: T0 + 21_000 });
    await pipeline.close();
  });

  it('timed with interval 0 stores every reading', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1, storageIntervalS: 0 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 0, 1), at(point.id, 1, 1), at(point.id, 2, 1)]);
    expect((await history(point.id)).length).toBe(3);
    await pipeline.close();
  });

  it('on change: stores beyond the tolerance only (the exact tolerance is not a change)', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 0.5 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 0, 10), at(point.id, 1, 10.5), at(point.id, 2, 9.5)]);
    await pipeline.ingest([at(point.id, 3, 10.75), at(point.id, 4, 11.5), at(point.id, 5, 11.0)]);
    expect(await history(point.id)).toEqual([
      { ts: T0, value: 10 },
      { ts: T0 + 3000, value: 10.75 },
      { ts: T0 + 4000, value: 11.5 },
    ]);
    expect((await latestRow(point.id))?.value).toBe(11);
    await pipeline.close();
  });

  it('none: keeps the latest value only', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 0 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 0, 1), at(point.id, 1, 2)]);
    expect(await history(point.id)).toEqual([]);
    expect(await latestRow(point.id)).toEqual({ ts: T0 + 1000, value: 2, storedTs: null });
    await pipeline.close();
  });

  it('continues the on-change and timed comparisons of a previous process from the table', async () => {
    const changed = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 1 });
    const text = await insertTestPoint(t.database, deviceId, { storageMode: 2, dataType: 'string' });
    const timed = await insertTestPoint(t.database, deviceId, { storageMode: 1, storageIntervalS: 60 });
    const first = pipelineOn();
    await first.ingest([at(changed.id, 0, 5), at(text.id, 0, 'run'), at(timed.id, 0, 1)]);
    await first.close();
    const second = pipelineOn();
    await second.ingest([at(changed.id, 10, 5.5), at(text.id, 10, 'run'), at(timed.id, 30, 2)]);
    await second.ingest([at(changed.id, 20, 7), at(text.id, 20, 'stop'), at(timed.id, 60, 3)]);
    expect(await history(changed.id)).toEqual([
      { ts: T0, value: 5 },
      { ts: T0 + 20_000, value: 7 },
    ]);
    expect(await history(text.id)).toEqual([
      { ts: T0, value: 'run' },
      { ts: T0 + 20_000, value: 'stop' },
    ]);
    expect(await history(timed.id)).toEqual([
      { ts: T0, value: 1 },
      { ts: T0 + 60_000, value: 3 },
    ]);
    await second.close();
  });
});

describe('pipeline values', () => {
  it('stores booleans as 0/1, strings as text, null as latest only', async () => {
    const flag = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const label = await insertTestPoint(t.database, deviceId, { storageMode: 1, dataType: 'string' });
    const pipeline = pipelineOn();
    const seen: StoredReading[] = [];
    pipeline.onStored((batch) => seen.push(...batch));
    await pipeline.ingest([
      at(flag.id, 0, true),
      at(flag.id, 1, false),
      at(label.id, 0, 'ok'),
      at(label.id, 1, null),
    ]);
    expect(await history(flag.id)).toEqual([
      { ts: T0, value: 1 },
      { ts: T0 + 1000, value: 0 },
    ]);
    expect(await history(label.id)).toEqual([{ ts: T0, value: 'ok' }]);
    expect(await latestRow(label.id)).toMatchObject({ ts: T0 + 1000, value: null });
    expect(seen.map((s) => [s.value, s.historied, s.latest])).toEqual([
      [1, true, true],
      [0, true, true],
      ['ok', true, true],
      [null, false, true],
    ]);
    const latest = await pipeline.latestOf(deviceId);
    expect(latest.find((l) => l.pointId === flag.id)).toEqual({ pointId: flag.id, ts: T0 + 1000, value: 0 });
    await pipeline.close();
  });

  it('never lets an older reading replace a newer latest; the newest of one batch wins', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 10, 10), at(point.id, 30, 30), at(point.id, 20, 20)]);
    expect(await latestRow(point.id)).toMatchObject({ ts: T0 + 30_000, value: 30 });
    const seen: StoredReading[] = [];
    pipeline.onStored((batch) => seen.push(...batch));
    await pipeline.ingest([at(point.id, 5, 5)]);
    expect(await latestRow(point.id)).toMatchObject({ ts: T0 + 30_000, value: 30 });
    expect(seen[0]).toMatchObject({ latest: false, historied: true });
    // A fresh process (no memory) must not go back either: the table guards it.
    const fresh = pipelineOn();
    await fresh.ingest([at(point.id, 25, 25)]);
    expect(await latestRow(point.id)).toMatchObject({ ts: T0 + 30_000, value: 30 });
    expect((await history(point.id)).map((h) => h.value)).toEqual([5, 10, 20, 25, 30]);
    await pipeline.close();
    await fresh.close();
  });

  it('ignores and counts duplicates of (point, ts)', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 0, 1)]);
    const seen: StoredReading[] = [];
    pipeline.onStored((batch) => seen.push(...batch));
    const fresh = pipelineOn();
    await fresh.ingest([at(point.id, 0, 2), at(point.id, 1, 3)]);
    expect(fresh.counters()).toMatchObject({ duplicates: 1, historied: 1, stored: 2 });
    expect(await history(point.id)).toEqual([
      { ts: T0, value: 1 },
      { ts: T0 + 1000, value: 3 },
    ]);
    await pipeline.close();
    await fresh.close();
  });

  it('drops and counts readings of unknown points, foreign points and malformed values', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn();
    await pipeline.ingest([
      at(99_999_999, 0, 1),
      at(point.id, 0, 1, otherDeviceId),
      at(point.id, 0, 1, 88_888_888),
      at(point.id, 0, Number.NaN),
      { deviceId, pointId: point.id, ts: Number.POSITIVE_INFINITY, value: 1 },
      { deviceId, pointId: point.id, ts: 1e20, value: 1 },
      at(point.id, 0, { x: 1 } as unknown as number),
      at(point.id, 1, 7),
    ]);
    expect(pipeline.counters()).toMatchObject({ received: 8, dropped: 7, stored: 1, pending: 0 });
    expect(await history(point.id)).toEqual([{ ts: T0 + 1000, value: 7 }]);
    await pipeline.close();
  });

  it('bumps the per-device daily counter in the same transaction', async () => {
    const device = (await createDevice(t.database, { ownerUserId: (await createUser(t.database)).id })).id;
    const point = await insertTestPoint(t.database, device, { storageMode: 0 });
    const pipeline = pipelineOn();
    await pipeline.ingest([at(point.id, 0, 1, device), at(point.id, 1, 2, device)]);
    await pipeline.ingest([at(point.id, 2, 3, device)]);
    const result = (await t.database.db.execute(
      sql`select day, readings::int as readings from ingest_counters where device_id = ${device}`,
    )) as unknown as { rows: { day: string; readings: number }[] };
    expect(result.rows).toEqual([{ day: '2026-11-20', readings: 3 }]);
    await pipeline.close();
  });
});

describe('pipeline batching and durability', () => {
  it('splits large ingests into batches of maxBatch and resolves callers when all are stored', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn(t.database, { maxBatch: 100 });
    const sizes: number[] = [];
    pipeline.onStored((batch) => sizes.push(batch.length));
    pipeline.onStored(() => {
      throw new Error('a broken listener');
    });
    await Promise.all([
      pipeline.ingest(Array.from({ length: 250 }, (_, i) => at(point.id, i, i))),
      pipeline.ingest([at(point.id, 1000, 1)]),
    ]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(251);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect((await history(point.id)).length).toBe(251);
    await pipeline.close();
  });

  it('keeps readings while the database fails, retries, then stores them; waits for room when full', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    let failuresLeft = 3;
    const flaky: Database = {
      ...t.database,
      db: new Proxy(t.database.db, {
        get(target, property, receiver) {
          if (property === 'transaction') {
            return (...args: unknown[]) => {
              if (failuresLeft > 0) {
                failuresLeft -= 1;
                return Promise.reject(new Error('connection refused'));
              }
              return (target.transaction as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const pipeline = pipelineOn(flaky, { retryDelayMs: 5, maxRetryDelayMs: 20, maxPending: 2 });
    let secondStarted = false;
    const first = pipeline.ingest([at(point.id, 0, 1), at(point.id, 1, 2)]);
    const second = pipeline.ingest([at(point.id, 2, 3)]).then(() => {
      secondStarted = true;
    });
    expect(pipeline.counters().pending).toBe(2);
    await first;
    expect(pipeline.counters().retries).toBe(3);
    await second;
    expect(secondStarted).toBe(true);
    expect((await history(point.id)).map((h) => h.value)).toEqual([1, 2, 3]);
    expect(pipeline.counters()).toMatchObject({ stored: 3, pending: 0, retries: 3 });
    await pipeline.close();
  });

  it('keeps order across batches written in parallel: on-change decisions, latest, repeated rows', async () => {
    const changed = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 2 });
    const every = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn(t.database, { maxBatch: 10, parallelBatches: 2 });
    const values = Array.from({ length: 120 }, (_, i) => Math.round(Math.sin(i / 5) * 10) + 0); // no -0
    const readings = values.flatMap((v, i) => [at(changed.id, i, v), at(every.id, i, v)]);
    // Every message is delivered twice (a device resending after a lost acknowledgement).
    const messages = readings.flatMap((r, i) => (i % 2 === 0 ? [[r, readings[i + 1]!]] : []));
    await Promise.all(messages.flatMap((m) => [pipeline.ingest(m), pipeline.ingest(m)]));
    let base: number | null = null;
    const expected: number[] = [];
    for (const v of values) {
      if (base === null || Math.abs(v - base) > 2) {
        expected.push(v);
        base = v;
      }
    }
    expect((await history(changed.id)).map((h) => h.value)).toEqual(expected);
    expect((await history(every.id)).map((h) => h.value)).toEqual(values);
    expect(await latestRow(every.id)).toMatchObject({ ts: T0 + 119_000, value: values[119] });
    expect(pipeline.counters()).toMatchObject({ stored: 480, duplicates: 120, pending: 0 });
    await pipeline.close();
  });

  it('retries batches written in parallel in order when one fails', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 2, tolerance: 0 });
    let calls = 0;
    const flaky: Database = {
      ...t.database,
      db: new Proxy(t.database.db, {
        get(target, property, receiver) {
          if (property === 'transaction') {
            return (fn: (tx: unknown) => Promise<unknown>) => {
              calls += 1;
              const call = calls;
              // The third transaction fails after its statements ran (rolled back by the throw).
              return target.transaction(async (tx) => {
                const result = await fn(tx);
                if (call === 3) throw new Error('connection lost at commit');
                return result;
              });
            };
          }
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const pipeline = pipelineOn(flaky, { maxBatch: 5, parallelBatches: 2, retryDelayMs: 1 });
    const seen: number[] = [];
    pipeline.onStored((batch) => seen.push(...batch.map((r) => r.ts)));
    const values = Array.from({ length: 40 }, (_, i) => i % 3);
    await Promise.all(values.map((v, i) => pipeline.ingest([at(point.id, i, v)])));
    expect(seen).toEqual(values.map((_, i) => T0 + i * 1000));
    expect((await history(point.id)).map((h) => h.value)).toEqual(values);
    expect(pipeline.counters().retries).toBeGreaterThanOrEqual(1);
    await pipeline.close();
  });

  it('close() stores what is pending and then refuses new readings', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const pipeline = pipelineOn(t.database, { flushIntervalMs: 60_000 });
    const pending = pipeline.ingest([at(point.id, 0, 1)]);
    await pipeline.close();
    await pending;
    expect(await history(point.id)).toEqual([{ ts: T0, value: 1 }]);
    await expect(pipeline.ingest([at(point.id, 1, 2)])).rejects.toThrow('pipeline closed');
  });

  it('close() gives up on a database that stays down and rejects the readings', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const down: Database = {
      ...t.database,
      db: new Proxy(t.database.db, {
        get(target, property, receiver) {
          if (property === 'transaction') return () => Promise.reject(new Error('down'));
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const pipeline = pipelineOn(down, { retryDelayMs: 1, maxRetryDelayMs: 2, closeAttempts: 2 });
    const pending = pipeline.ingest([at(point.id, 0, 1)]);
    pending.catch(() => undefined);
    await pipeline.close();
    await expect(pending).rejects.toThrow('pipeline closed');
    expect(pipeline.counters().pending).toBe(0);
  });
});
