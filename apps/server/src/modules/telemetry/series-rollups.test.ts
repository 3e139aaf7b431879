import type { DataStream, SeriesAnswer } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/** Charts read rollups for long ranges: the answers must equal aggregating the raw rows. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let pointId: number;
let rolledDevice: number;
const T0 = Date.UTC(2026, 9, 1, 0, 0, 0);
const DAY = 86_400_000;
// A reading every 20 s for 3 days, with a 6-hour hole on the second day.
const readings = Array.from({ length: (3 * DAY) / 20_000 }, (_, i) => ({
  ts: T0 + i * 20_000,
  value: Math.round((Math.sin(i / 50) * 10 + (i % 17)) * 1000) / 1000,
})).filter((r) => r.ts < T0 + DAY + 3_600_000 || r.ts >= T0 + DAY + 7 * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Rolled' })).id;
  rolledDevice = deviceId;
  pointId = (await insertTestPoint(t.database, deviceId, { storageMode: 1 })).id;
  t.runtime.directory.invalidate(null);
  t.clock.set(new Date(T0 + 3 * DAY + 600_000));
  await t.runtime.pipeline.ingest(readings.map((r) => ({ deviceId, pointId, ...r })));
});
afterAll(async () => {
  await t?.close();
});

function reference(rows: typeof readings, start: number, end: number, bucketMs: number, fn: string) {
  const groups = new Map<number, number[]>();
  for (const r of rows) {
    if (r.ts < start || r.ts > end) continue;
    const b = Math.floor(r.ts / bucketMs);
    groups.set(b, [...(groups.get(b) ?? []), r.value]);
  }
  const out: [number, number | null][] = [];
  for (let b = Math.floor(start / bucketMs); b <= Math.floor(end / bucketMs); b += 1) {
    const list = groups.get(b);
    if (!list) out.push([b * bucketMs, null]);
    else if (fn === 'avg') out.push([b * bucketMs, list.reduce((x, y) => x + y, 0) / list.length]);
    else if (fn === 'min') out.push([b * bucketMs, Math.min(...list)]);
    else if (fn === 'max') out.push([b * bucketMs, Math.max(...list)]);
    else out.push([b * bucketMs, list.at(-1)!]);
  }
  return out;
}

async function expectSeries(start: number, end: number, points: number, fn: string, bucketMs: number) {
  const res = await call<SeriesAnswer>(
    t.app,
    'GET',
    `/device/history/series?point_ids=${pointId}&starttime=${new Date(start).toISOString()}&endtime=${new Date(end).toISOString()}&points=${points}&fn=${fn}`,
    { token: owner.token },
  );
  expect(res.body.code).toBe(0);
  expect(res.body.data.bucket_ms).toBe(bucketMs);
  const got = res.body.data.series[0]!.points;
  const want = reference(readings, start, end, bucketMs, fn);
  expect(got.length).toBeLessThanOrEqual(points);
  expect(got.map((p) => p[0])).toEqual(want.map((p) => p[0]));
  got.forEach((p, i) => {
    const w = want[i]![1];
    if (w === null) expect(p[1]).toBeNull();
    else expect(p[1]).toBeCloseTo(w, 9);
  });
  return got;
}

// Ragged edges: the range starts and ends inside rollup buckets.
const start = T0 + 7 * 60_000 + 13_000;
const end = T0 + 3 * DAY - 11 * 60_000 - 7_000;

describe('history series over rollups', () => {
  it('answers the same before and after the rollups exist, edges and gaps included', async () => {
    const before = await expectSeries(start, end, 100, 'avg', 2_700_000);
    await t.runtime.rollups.catchUp();
    const after = await expectSeries(start, end, 100, 'avg', 2_700_000);
    expect(after.map((p) => p[1] === null)).toEqual(before.map((p) => p[1] === null));
    expect(after.some((p) => p[1] === null)).toBe(true);
  });

  for (const fn of ['min', 'max', 'last']) {
    it(`${fn} over 15-minute rollups matches the raw rows`, async () => {
      await expectSeries(start, end, 100, fn, 2_700_000);
    });
  }

  it('uses 1-minute rollups for a day at 1,000 points (2-minute buckets)', async () => {
    await expectSeries(T0 + 3_600_000 + 5_000, T0 + DAY + 3_600_000 + 5_000, 1000, 'avg', 120_000);
  });

  it('counts stored rows from the rollups plus the raw tail (data streams)', async () => {
    const dss = await call<DataStream[]>(t.app, 'GET', `/device/dss?device_id=${rolledDevice}`, {
      token: owner.token,
    });
    expect(dss.body.data.map((s) => s.stored_count)).toEqual([readings.length]);
  });

  it('really reads the 15-minute rollups (a marked bucket shows through)', async () => {
    const bucket = new Date(T0 + 2 * DAY).toISOString();
    await t.database.db.execute(
      sql`update point_rollup_15m set max = 1e6 where point_id = ${pointId} and bucket = ${bucket}::timestamptz`,
    );
    const res = await call<SeriesAnswer>(
      t.app,
      'GET',
      `/device/history/series?point_ids=${pointId}&starttime=${new Date(start).toISOString()}&endtime=${new Date(end).toISOString()}&points=100&fn=max`,
      { token: owner.token },
    );
    expect(res.body.data.series[0]!.points.find((p) => p[0] === T0 + 2 * DAY)?.[1]).toBe(1e6);
  });

  it('reads what is not rolled up yet from raw rows', async () => {
    // Rollups stop 10 minutes into the fourth day; a reading after that still shows.
    const tail = { ts: T0 + 3 * DAY + 120_000, value: 99 };
    const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Tail' })).id;
    const tailPoint = (await insertTestPoint(t.database, deviceId, { storageMode: 1 })).id;
    t.runtime.directory.invalidate(null);
    await t.runtime.pipeline.ingest([
      { deviceId, pointId: tailPoint, ...tail },
      { deviceId, pointId: tailPoint, ts: T0, value: 1 },
    ]);
    const res = await call<SeriesAnswer>(
      t.app,
      'GET',
      `/device/history/series?point_ids=${tailPoint}&starttime=${new Date(T0).toISOString()}&endtime=${new Date(T0 + 3 * DAY + 300_000).toISOString()}&points=10&fn=max`,
      { token: owner.token },
    );
    const values = res.body.data.series[0]!.points.map((p) => p[1]).filter((v) => v !== null);
    expect(values).toEqual([1, 99]);
  });
});
