import type { HistoryRowsAnswer } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let stranger: Awaited<ReturnType<typeof createDeviceUser>>;
let temp: number;
let state: number;
const T0 = Date.UTC(2026, 9, 1, 0, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  stranger = await createDeviceUser(t, { userType: 2 });
  const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Table' })).id;
  temp = (await insertTestPoint(t.database, deviceId, { storageMode: 1 })).id;
  state = (await insertTestPoint(t.database, deviceId, { storageMode: 1, dataType: 'string' })).id;
  t.runtime.directory.invalidate(null);
  await t.runtime.pipeline.ingest([
    ...Array.from({ length: 25 }, (_, i) => ({ deviceId, pointId: temp, ts: T0 + i * 10_000, value: i })),
    { deviceId, pointId: state, ts: T0 + 50_000, value: 'running' },
    { deviceId, pointId: state, ts: T0 + 55_000, value: 'stopped' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const url = (q: string) =>
  `/device/history/rows?point_ids=${temp},${state}&starttime=${new Date(T0).toISOString()}&endtime=${new Date(T0 + 3_600_000).toISOString()}&${q}`;

describe('GET /device/history/rows', () => {
  it('merges the points by time, newest first, paged with a total', async () => {
    const first = await call<HistoryRowsAnswer>(t.app, 'GET', url('limit=10'), { token: owner.token });
    expect(first.body.code).toBe(0);
    expect(first.body.data.total).toBe(27);
    expect(first.body.data.total_capped).toBe(false);
    expect(first.body.data.rows.slice(0, 2)).toEqual([
      { ts: new Date(T0 + 240_000).toISOString(), point_id: temp, value: 24 },
      { ts: new Date(T0 + 230_000).toISOString(), point_id: temp, value: 23 },
    ]);
    const third = await call<HistoryRowsAnswer>(t.app, 'GET', url('limit=10&page=3'), { token: owner.token });
    expect(third.body.data.rows.map((r) => r.value)).toEqual([5, 'running', 4, 3, 2, 1, 0]);
    const asc = await call<HistoryRowsAnswer>(t.app, 'GET', url('limit=10&order=asc'), {
      token: owner.token,
    });
    expect(asc.body.data.rows[0]).toEqual({ ts: new Date(T0).toISOString(), point_id: temp, value: 0 });
  });

  it('caps the count at 100,000 and says so', async () => {
    await t.database.db.execute(sql`insert into point_history (point_id, ts, value)
      select ${temp}, to_timestamp(${(T0 + 300_000) / 1000} + i * 0.01), i from generate_series(1, 100000) i`);
    const res = await call<HistoryRowsAnswer>(t.app, 'GET', url('limit=10'), { token: owner.token });
    expect(res.body.data).toMatchObject({ total: 100_000, total_capped: true });
  });

  it('hides other tenants’ points and checks the query', async () => {
    expect((await call(t.app, 'GET', url('limit=10'), { token: stranger.token })).status).toBe(404);
    expect((await call(t.app, 'GET', url('limit=7'), { token: owner.token })).body.code).toBe(10002);
  });
});
