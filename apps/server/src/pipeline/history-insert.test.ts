import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../platform/bus/event-bus.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createDeviceDirectory } from './directory.js';
import { insertTestPoint } from './pipeline.fixtures.js';
import { createPipeline } from './pipeline.js';
import { COPY_MIN_ROWS, pipelineRepository as repo } from './pipeline.repository.js';
import type { HistoryRow } from './storage-decision.js';

// The history insert of a batch: whole (COPY on PostgreSQL, INSERT on PGlite) inside a savepoint,
// and on a duplicate (point_id, ts) back to the savepoint and INSERT ... ON CONFLICT DO NOTHING,
// all in the batch's transaction. Runs on PGlite and, with TEST_DB=pg, on PostgreSQL.

let t: TestApp;
let deviceId: number;
const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.id })).id;
});
afterAll(async () => {
  await t?.close();
});

async function history(pointId: number) {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from ts) * 1000)::float8 as ts, value, text from point_history
        where point_id = ${pointId} order by ts`,
  )) as unknown as { rows: { ts: number; value: number | null; text: string | null }[] };
  return result.rows.map((r) => ({ ts: Number(r.ts), value: r.value, text: r.text }));
}

const row = (
  pointId: number,
  seconds: number,
  value: number | null,
  text: string | null = null,
): HistoryRow => ({
  pointId,
  ts: T0 + seconds * 1000,
  value,
  text,
});

/** Rows of another point that make a batch large enough for the savepoint + COPY path. */
async function padding(size: 'small' | 'large'): Promise<HistoryRow[]> {
  if (size === 'small') return [];
  const filler = await insertTestPoint(t.database, deviceId);
  return Array.from({ length: COPY_MIN_ROWS }, (_, i) => row(filler.id, i, i));
}

describe.each(['small', 'large'] as const)('history insert of a %s batch', (size) => {
  it('stores a batch with no duplicate whole, values and texts exactly as given', async () => {
    const numeric = await insertTestPoint(t.database, deviceId);
    const text = await insertTestPoint(t.database, deviceId, { dataType: 'string' });
    const rows = [
      row(numeric.id, 0, 21.5),
      row(numeric.id, 1, -0.000_123_456_789),
      row(numeric.id, 2, 1e21),
      row(numeric.id, 3, 123_456_789.123_456_7),
      row(numeric.id, 4, null),
      row(text.id, 0, null, 'tab\there'),
      row(text.id, 1, null, 'two\nlines\r\nand a \\ backslash, \\N not null'),
      row(text.id, 2, null, '中文 ñ'),
      row(text.id, 3, null, ''),
    ];
    const pad = await padding(size);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const answer = await t.database.db.transaction((tx) => repo.insertHistory(tx, [...rows, ...pad]));
    const copies = query.mock.calls.filter(([q]) =>
      /^copy point_history/.test(String((q as { text?: string }).text)),
    );
    query.mockRestore();
    // Large: in whole (null), on PostgreSQL by COPY on the transaction's connection (PGlite has no
    // pg.Client). Small: one INSERT that answers what it inserted, here everything.
    if (size === 'large') expect(answer).toBeNull();
    else expect(answer).toEqual(new Set(rows.map((r) => `${r.pointId}:${r.ts}`)));
    expect(copies).toHaveLength(t.database.kind === 'postgres' && size === 'large' ? 1 : 0);
    const strip = ({ ts, value, text: x }: HistoryRow) => ({ ts, value, text: x });
    expect(await history(numeric.id)).toEqual(rows.slice(0, 5).map(strip));
    expect(await history(text.id)).toEqual(rows.slice(5).map(strip));
  });

  it('stores timestamps exactly from 1970 to 9999, before and after 2000 and past 2^53 microseconds', async () => {
    const point = await insertTestPoint(t.database, deviceId);
    const stamps = [
      0,
      1,
      946_684_799_999, // the last ms before PostgreSQL's epoch (2000-01-01)
      946_684_800_000,
      946_684_800_001,
      Date.UTC(2255, 5, 6, 1, 2, 3, 456), // microseconds since 2000 above 2^53 from here
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
    ];
    const rows = stamps.map((ts, i) => ({ pointId: point.id, ts, value: i + 0.5, text: null }));
    const pad = await padding(size);
    // Large: the binary COPY on PostgreSQL, where the timestamp is encoded by hand (copy-binary.ts).
    await t.database.db.transaction((tx) => repo.insertHistory(tx, [...rows, ...pad]));
    expect((await history(point.id)).map((h) => [h.ts, h.value])).toEqual(rows.map((r) => [r.ts, r.value]));
  });

  it('on a duplicate key stores the new rows only, keeps the stored one and the transaction', async () => {
    const point = await insertTestPoint(t.database, deviceId);
    await t.database.db.transaction((tx) => repo.insertHistory(tx, [row(point.id, 1, 10)]));
    const pad = await padding(size);
    const inserted = await t.database.db.transaction(async (tx) => {
      const keys = await repo.insertHistory(tx, [
        row(point.id, 0, 1),
        row(point.id, 1, 99),
        row(point.id, 2, 3),
        ...pad,
      ]);
      // The transaction goes on after the fallback: a later statement of the batch commits with it.
      await repo.insertHistory(tx, [row(point.id, 3, 4)]);
      return keys;
    });
    const padKeys = pad.map((r) => `${r.pointId}:${r.ts}`);
    expect(inserted).toEqual(new Set([`${point.id}:${T0}`, `${point.id}:${T0 + 2000}`, ...padKeys]));
    expect((await history(point.id)).map((h) => [h.ts, h.value])).toEqual([
      [T0, 1],
      [T0 + 1000, 10],
      [T0 + 2000, 3],
      [T0 + 3000, 4],
    ]);
  });

  it('stores a key repeated inside one batch once', async () => {
    const point = await insertTestPoint(t.database, deviceId);
    const pad = await padding(size);
    const inserted = await t.database.db.transaction((tx) =>
      repo.insertHistory(tx, [row(point.id, 0, 1), row(point.id, 0, 2), row(point.id, 1, 3), ...pad]),
    );
    const padKeys = pad.map((r) => `${r.pointId}:${r.ts}`);
    expect(inserted).toEqual(new Set([`${point.id}:${T0}`, `${point.id}:${T0 + 1000}`, ...padKeys]));
    expect((await history(point.id)).map((h) => h.value)).toEqual([1, 3]);
  });

  it('rolls the history of a failed batch back with the rest of its transaction', async () => {
    const point = await insertTestPoint(t.database, deviceId);
    const pad = await padding(size);
    await expect(
      t.database.db.transaction(async (tx) => {
        await repo.insertHistory(tx, [row(point.id, 0, 1), row(point.id, 1, 2), ...pad]);
        throw new Error('batch failed after its history');
      }),
    ).rejects.toThrow('batch failed after its history');
    expect(await history(point.id)).toEqual([]);
  });

  it('a resent batch through the pipeline: duplicates counted, latest and counters still written', async () => {
    const point = await insertTestPoint(t.database, deviceId, { storageMode: 1 });
    const bus = createLocalBus();
    const directory = createDeviceDirectory(t.database.db, bus);
    const pipeline = createPipeline({ database: t.database, directory, bus, clock: () => new Date(T0) });
    const readings = async () =>
      (
        (await t.database.db.execute(
          sql`select coalesce(sum(readings), 0)::int as n from ingest_counters where device_id = ${deviceId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const countedBefore = await readings();
    const batch = [0, 1, 2].map((s) => ({ deviceId, pointId: point.id, ts: T0 + s * 1000, value: s }));
    const extra = (await padding(size)).map((r) => ({
      deviceId,
      pointId: r.pointId,
      ts: r.ts,
      value: r.value,
    }));
    await pipeline.ingest([...batch, ...extra]);
    // A device resending its last window after a lost acknowledgement, plus one new reading.
    const next = { deviceId, pointId: point.id, ts: T0 + 3000, value: 3 };
    await pipeline.ingest([...batch.slice(1), ...extra, next]);
    const n = extra.length;
    expect(pipeline.counters()).toMatchObject({ stored: 6 + 2 * n, historied: 4 + n, duplicates: 2 + n });
    expect((await history(point.id)).map((h) => h.value)).toEqual([0, 1, 2, 3]);
    const latest = await pipeline.latestOf(deviceId);
    expect(latest.find((l) => l.pointId === point.id)).toEqual({
      pointId: point.id,
      ts: T0 + 3000,
      value: 3,
    });
    expect((await readings()) - countedBefore).toBe(6 + 2 * n);
    await pipeline.close();
    directory.close();
  });
});
