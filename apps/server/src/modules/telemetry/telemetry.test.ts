import type {
  DataStream,
  HistoryPage,
  LastdpsRow,
  LastPoint,
  ListResult,
  SeriesAnswer,
} from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import type { Reading } from '../../pipeline/types.js';
import {
  call,
  createDevice,
  createDeviceUser,
  createRole,
  createUser,
  tokenFor,
} from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let stranger: Awaited<ReturnType<typeof createDeviceUser>>;
let deviceId: number;
const T0 = Date.UTC(2026, 9, 1, 0, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  stranger = await createDeviceUser(t, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler' })).id;
});
afterAll(async () => {
  await t?.close();
});

/** Points are inserted by a factory, not the API, so nothing told the directory: drop its cache. */
const ingest = (readings: Reading[]) => {
  t.runtime.directory.invalidate(null);
  return t.runtime.pipeline.ingest(readings);
};
const get = <T>(url: string, token = owner.token) => call<T>(t.app, 'GET', url, { token });

describe('latest values', () => {
  it('lastdp lists collected points in point order, with null for never reported; lastdps hides mode 2', async () => {
    const device = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Latest' })).id;
    const b = await insertTestPoint(t.database, device, { name: 'b', sort: 2, unit: 'bar' });
    const a = await insertTestPoint(t.database, device, { name: 'a', sort: 1, dataType: 'string' });
    await insertTestPoint(t.database, device, { name: 'off', sort: 3, collectMode: 0 });
    const hidden = await insertTestPoint(t.database, device, { name: 'hidden', sort: 4, collectMode: 2 });
    await ingest([
      { deviceId: device, pointId: b.id, ts: T0, value: 2.5 },
      { deviceId: device, pointId: a.id, ts: T0 + 1000, value: 'on' },
    ]);
    const res = await get<LastPoint[]>(`/device/lastdp?device_id=${device}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((p) => [p.name, p.value, p.at])).toEqual([
      ['a', 'on', new Date(T0 + 1000).toISOString()],
      ['b', 2.5, new Date(T0).toISOString()],
      ['hidden', null, null],
    ]);
    expect(res.body.data[1]).toMatchObject({ point_id: b.id, unit: 'bar', slave_id: null, type: 0 });

    const list = await get<ListResult<LastdpsRow>>('/device/lastdps?search=Latest');
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.rows[0]!;
    expect(row).toMatchObject({ device_id: device, device_title: 'Latest', status: 0, online_at: null });
    expect(row.lastdp.map((p) => p.name)).toEqual(['a', 'b']);
    expect(row.lastdp.some((p) => p.point_id === hidden.id)).toBe(false);

    const dss = await get<DataStream[]>(`/device/dss?device_id=${device}`);
    expect(dss.body.data.map((s) => [s.name, s.stored_count, s.storage_mode])).toEqual([
      ['a', 1, 1],
      ['b', 1, 1],
      ['off', 0, 1],
      ['hidden', 0, 1],
    ]);
  });

  it('answers 404 and empty lists outside the scope', async () => {
    expect((await get(`/device/lastdp?device_id=${deviceId}`, stranger.token)).status).toBe(404);
    expect((await get(`/device/dss?device_id=${deviceId}`, stranger.token)).body.code).toBe(50000);
    const list = await get<ListResult<LastdpsRow>>('/device/lastdps', stranger.token);
    expect(list.body.data).toEqual({ rows: [], total: 0 });
    expect((await get('/device/lastdp?device_id=abc')).body.code).toBe(10002);
  });
});

describe('permissions', () => {
  async function userHolding(permissions: string[]) {
    const roleId = await createRole(t.database, {
      ownerUserId: null,
      name: `tele-${Math.random()}`,
      permissions,
    });
    const user = await createUser(t.database, { userType: 2, roleIds: [roleId] });
    const device = (await createDevice(t.database, { ownerUserId: user.id })).id;
    return { device, token: await tokenFor(t.app, user.username, user.password) };
  }

  it('lets any of DeviceManage, Monitor.DeviceMonitor, Device/view read; others get 10001', async () => {
    for (const permission of ['Monitor.DeviceMonitor', 'Device/view']) {
      const { device, token } = await userHolding([permission]);
      expect((await get(`/device/lastdp?device_id=${device}`, token)).body).toEqual({
        code: 0,
        msg: 'ok',
        data: [],
      });
    }
    const { device, token } = await userHolding(['DeviceTemplate']);
    expect((await get(`/device/dss?device_id=${device}`, token)).body.code).toBe(10001);
  });
});

describe('history', () => {
  let pointId: number;
  const values = Array.from({ length: 23 }, (_, i) => ({ ts: T0 + i * 60_000, value: i * 1.5 }));

  beforeAll(async () => {
    pointId = (await insertTestPoint(t.database, deviceId, { storageMode: 1 })).id;
    await ingest(values.map((v) => ({ deviceId, pointId, ...v })));
  });

  const range = `starttime=${new Date(T0).toISOString()}&endtime=${(T0 + 3600_000) / 1000}`;

  it('pages through every row once with the cursor, both orders', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const seen: { ts: string; value: unknown }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/device/history?point_id=${pointId}&${range}&limit=5&order=${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await get<HistoryPage>(url);
        expect(res.body.code).toBe(0);
        seen.push(...res.body.data.rows);
        cursor = res.body.data.next_cursor;
        pages += 1;
      } while (cursor);
      const expected = values.map((v) => ({ ts: new Date(v.ts).toISOString(), value: v.value }));
      expect(seen).toEqual(order === 'asc' ? expected : expected.reverse());
      expect(pages).toBe(5);
    }
  });

  it('refuses bad ranges and cursors with 10002, other tenants with 404', async () => {
    const base = `/device/history?point_id=${pointId}`;
    const backwards = await get(`${base}&starttime=${T0 / 1000 + 10}&endtime=${T0 / 1000}`);
    expect(backwards.body).toMatchObject({ code: 10002, msg: expect.stringContaining('query.endtime') });
    const tooLong = await get(`${base}&starttime=${T0 / 1000}&endtime=${T0 / 1000 + 401 * 86400}`);
    expect(tooLong.body.code).toBe(10002);
    expect((await get(`${base}&starttime=yesterday&endtime=${T0 / 1000}`)).body.code).toBe(10002);
    expect((await get(`${base}&${range}&cursor=bm9wZQ`)).body).toMatchObject({
      code: 10002,
      msg: expect.stringContaining('query.cursor'),
    });
    expect((await get(`${base}&${range}&limit=5001`)).body.code).toBe(10002);
    expect((await get(`${base}&${range}`, stranger.token)).status).toBe(404);
    expect((await get(`/device/history?point_id=99999999&${range}`)).status).toBe(404);
  });
});

describe('history series', () => {
  let smooth: number;
  let gappy: number;
  const start = T0 + 86_400_000;
  const end = start + 999_999; // a span that does not divide evenly
  // Readings every 997 ms with a deterministic wobble; the second point has a hole in the middle.
  const raw = Array.from({ length: 1000 }, (_, i) => ({
    ts: start + i * 997,
    value: Math.sin(i / 7) * 10 + (i % 13),
  }));
  const holed = raw.filter((r) => r.ts < start + 300_000 || r.ts > start + 700_000);

  beforeAll(async () => {
    smooth = (await insertTestPoint(t.database, deviceId, { storageMode: 1, unit: 'm' })).id;
    gappy = (await insertTestPoint(t.database, deviceId, { storageMode: 1 })).id;
    await ingest([
      ...raw.map((r) => ({ deviceId, pointId: smooth, ...r })),
      ...holed.map((r) => ({ deviceId, pointId: gappy, ...r })),
    ]);
  });

  const seriesUrl = (q: string) =>
    `/device/history/series?point_ids=${smooth},${gappy}&starttime=${new Date(start).toISOString()}&endtime=${new Date(end).toISOString()}&${q}`;

  function expected(rows: typeof raw, bucketMs: number, fn: string) {
    const groups = new Map<number, number[]>();
    for (const r of rows) {
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
      else out.push([b * bucketMs, list[list.length - 1]!]);
    }
    return out;
  }

  for (const fn of ['avg', 'min', 'max', 'last']) {
    it(`aggregates with ${fn} into at most \`points\` equal buckets, gaps as null`, async () => {
      const res = await get<SeriesAnswer>(seriesUrl(`points=37&fn=${fn}`));
      expect(res.body.code).toBe(0);
      const { bucket_ms, series } = res.body.data;
      expect(bucket_ms).toBeGreaterThan(0);
      expect(series.map((s) => s.point_id)).toEqual([smooth, gappy]);
      expect(series[0]!.unit).toBe('m');
      for (const [s, rows] of [
        [series[0]!, raw],
        [series[1]!, holed],
      ] as const) {
        expect(s.points.length).toBeLessThanOrEqual(37);
        const want = expected(rows, bucket_ms, fn);
        expect(s.points.map((p) => p[0])).toEqual(want.map((p) => p[0]));
        s.points.forEach((p, i) => {
          const w = want[i]![1];
          if (w === null) expect(p[1]).toBeNull();
          else expect(p[1]).toBeCloseTo(w, 9);
        });
      }
      expect(series[1]!.points.some((p) => p[1] === null)).toBe(true);
    });
  }

  it('answers raw values with bucket_ms 0 when they fit, and nothing for a range without data', async () => {
    const few = await get<SeriesAnswer>(
      `/device/history/series?point_ids=${smooth}&starttime=${start / 1000}&endtime=${(start + 20_000) / 1000}&points=50`,
    );
    expect(few.body.data.bucket_ms).toBe(0);
    expect(few.body.data.series[0]!.points).toEqual(
      raw.filter((r) => r.ts <= start + 20_000).map((r) => [r.ts, r.value]),
    );
    const empty = await get<SeriesAnswer>(
      `/device/history/series?point_ids=${smooth}&starttime=${T0 / 1000 - 86400}&endtime=${T0 / 1000 - 1}`,
    );
    expect(empty.body.data).toEqual({
      bucket_ms: 0,
      series: [expect.objectContaining({ point_id: smooth, points: [] })],
    });
  });

  it('validates the query and the scope', async () => {
    expect((await get(seriesUrl('points=9'))).body.code).toBe(10002);
    expect((await get(seriesUrl('fn=median'))).body.code).toBe(10002);
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    expect((await get(`/device/history/series?point_ids=${many}&starttime=1&endtime=2`)).body.code).toBe(
      10002,
    );
    expect(
      (
        await get(
          `/device/history/series?point_ids=${smooth}&starttime=${end / 1000}&endtime=${start / 1000}`,
        )
      ).body.code,
    ).toBe(10002);
    expect((await get(seriesUrl('points=50'), stranger.token)).status).toBe(404);
  });
});
