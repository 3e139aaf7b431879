import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertTestPoint } from '../pipeline.fixtures.js';
import { lateMinutes } from './late-readings.js';
import { rollupRepository } from './rollup.repository.js';

let t: TestApp;
/** Rolled points (the job rolls the points that exist): counter, wave, late. */
let P1: number;
let P2: number;
let P3: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await createDeviceUser(t, { userType: 2 });
  const device = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Rolled' });
  P1 = (await insertTestPoint(t.database, device.id)).id;
  P2 = (await insertTestPoint(t.database, device.id)).id;
  P3 = (await insertTestPoint(t.database, device.id)).id;
});
afterAll(async () => {
  await t?.close();
});

interface Bucket {
  point_id: number;
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
  first: number;
  last: number;
  increase: number;
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}
const buckets = (table: 'point_rollup_1m' | 'point_rollup_15m', pointId: number) =>
  query<Bucket>(sql`select point_id, (extract(epoch from bucket) * 1000)::float8 as bucket, n, sum, min, max,
      first, last, increase from ${sql.identifier(table)} where point_id = ${pointId} order by bucket`);

async function insertReadings(pointId: number, readings: readonly [number, number][]) {
  await t.database.db.execute(sql`insert into point_history (point_id, ts, value)
    select ${pointId}, to_timestamp(t / 1000), v from unnest(${sql.param(readings.map((r) => r[0]))}::float8[],
      ${sql.param(readings.map((r) => r[1]))}::float8[]) as u(t, v)`);
}

/** The contract's definition, in plain code: per bucket count, sum, min, max, first, last, reset-aware increase. */
function reference(readings: readonly [number, number][], width: number) {
  const byBucket = new Map<number, [number, number][]>();
  for (const r of [...readings].sort((a, b) => a[0] - b[0])) {
    const b = Math.floor(r[0] / width) * width;
    byBucket.set(b, [...(byBucket.get(b) ?? []), r]);
  }
  return [...byBucket.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([bucket, rows]) => {
      const values = rows.map((r) => r[1]);
      let increase = 0;
      for (let i = 1; i < values.length; i += 1) {
        const step = values[i]! - values[i - 1]!;
        increase += step >= 0 ? step : values[i]!;
      }
      return {
        bucket,
        n: values.length,
        sum: values.reduce((a, b) => a + b, 0),
        min: Math.min(...values),
        max: Math.max(...values),
        first: values[0]!,
        last: values.at(-1)!,
        increase,
      };
    });
}

function expectSame(actual: Bucket[], expected: ReturnType<typeof reference>) {
  expect(actual.map((b) => b.bucket)).toEqual(expected.map((b) => b.bucket));
  actual.forEach((b, i) => {
    const e = expected[i]!;
    expect([b.n, b.min, b.max, b.first, b.last]).toEqual([e.n, e.min, e.max, e.first, e.last]);
    expect(b.sum).toBeCloseTo(e.sum, 6);
    expect(b.increase).toBeCloseTo(e.increase, 6);
  });
}

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);

describe('history rollups', () => {
  it('rolls minutes and quarters exactly like the contract, counters with resets included', async () => {
    // An energy counter read every 7 s for 2 hours that resets twice, and a wavy sensor every 13 s.
    const counter: [number, number][] = [];
    let energy = 500;
    for (let ts = T0; ts < T0 + 7_200_000; ts += 7_000) {
      energy = ts === T0 + 1_400_000 || ts === T0 + 4_900_000 ? 3 : energy + ((ts / 7000) % 5);
      counter.push([ts, energy]);
    }
    const wave: [number, number][] = [];
    for (let ts = T0 + 500; ts < T0 + 7_200_000; ts += 13_000) wave.push([ts, Math.sin(ts / 600_000) * 20]);
    await insertReadings(P1, counter);
    await insertReadings(P2, wave);
    t.clock.set(new Date(T0 + 7_200_000 + 31_000));
    await t.runtime.rollups.catchUp();

    expectSame(await buckets('point_rollup_1m', P1), reference(counter, 60_000));
    expectSame(await buckets('point_rollup_1m', P2), reference(wave, 60_000));
    expectSame(await buckets('point_rollup_15m', P1), reference(counter, 900_000));
    expectSame(await buckets('point_rollup_15m', P2), reference(wave, 900_000));
    const state = await rollupRepository.doneUntil(t.database.db);
    expect(state).toEqual({ '1m': T0 + 7_200_000, '15m': T0 + 7_200_000 });
  });

  it('leaves the open minute alone until it closed 30 s ago', async () => {
    const now = T0 + 7_200_000 + 31_000;
    await insertReadings(P3, [
      [T0 + 7_200_000 + 1_000, 5],
      [T0 + 7_200_000 + 2_000, 7],
    ]);
    await t.runtime.rollups.catchUp();
    expect(await buckets('point_rollup_1m', P3)).toEqual([]);
    t.clock.set(new Date(now + 60_000));
    await t.runtime.rollups.catchUp();
    expect((await buckets('point_rollup_1m', P3)).map((b) => [b.n, b.sum])).toEqual([[2, 12]]);
  });

  it('re-rolls minutes marked dirty by late readings, up to the quarter', async () => {
    const late: [number, number][] = [[T0 + 60_000 + 45_000, 1_000]];
    await insertReadings(P2, late);
    await rollupRepository.markDirty(
      t.database.db,
      lateMinutes([{ pointId: P2, ts: late[0]![0], value: 1_000, text: null }], t.clock().getTime()),
    );
    await t.runtime.rollups.catchUp();
    const minute = (await buckets('point_rollup_1m', P2)).find((b) => b.bucket === T0 + 60_000)!;
    expect(minute.max).toBe(1_000);
    const quarter = (await buckets('point_rollup_15m', P2))[0]!;
    expect(quarter.max).toBe(1_000);
    expect(await query(sql`select * from history_rollup_dirty`)).toEqual([]);
  });

  it('rolls a bulk back-fill again after a rewind', async () => {
    await insertReadings(P3, [[T0 + 30 * 60_000 + 5_000, 42]]);
    await t.runtime.rollups.catchUp();
    expect((await buckets('point_rollup_1m', P3)).some((b) => b.bucket === T0 + 30 * 60_000)).toBe(false);
    await rollupRepository.rewind(t.database.db, T0 + 30 * 60_000 + 5_000);
    await t.runtime.rollups.catchUp();
    const minute = (await buckets('point_rollup_1m', P3)).find((b) => b.bucket === T0 + 30 * 60_000);
    expect(minute).toMatchObject({ n: 1, max: 42 });
  });

  it('marks only numeric readings older than the late margin, once per point and minute', () => {
    const now = T0 + 3_600_000;
    expect(
      lateMinutes(
        [
          { pointId: 1, ts: now - 10_000, value: 1, text: null },
          { pointId: 1, ts: T0 + 1_000, value: 1, text: null },
          { pointId: 1, ts: T0 + 2_000, value: 2, text: null },
          { pointId: 2, ts: T0 + 1_000, value: null, text: 'x' },
        ],
        now,
      ),
    ).toEqual([{ pointId: 1, minute: T0 }]);
  });
});
