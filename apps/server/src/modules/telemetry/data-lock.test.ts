import type { HistoryPage, LastdpsRow, LastPoint, ListResult } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { devices } from '../devices/devices.table.js';

/**
 * Issue 20 item 4: after the service expiry plus the grace period (7 days by default) a device's data
 * is locked in the screens with a clear answer; ingest goes on and a renewal (a later expiry) unlocks
 * it with nothing lost.
 */
const DAY = 86_400_000;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let deviceId: number;
let pointId: number;

const get = <T>(url: string) => call<T>(t.app, 'GET', url, { token: owner.token });
const expireIn = (days: number) =>
  t.database.db
    .update(devices)
    .set({ expireAt: new Date(t.clock().getTime() + days * DAY) })
    .where(eq(devices.id, deviceId));
const ingest = (ts: number, value: number) => {
  t.runtime.directory.invalidate(null);
  return t.runtime.pipeline.ingest([{ deviceId, pointId, ts, value }]);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Lapsed' })).id;
  pointId = (await insertTestPoint(t.database, deviceId, { name: 'p' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('data lock of an expired device', () => {
  it('answers values inside the grace period', async () => {
    await expireIn(-6);
    await ingest(t.clock().getTime() - 60_000, 1);
    const res = await get<LastPoint[]>(`/device/lastdp?device_id=${deviceId}`);
    expect(res.body.data.map((p) => p.value)).toEqual([1]);
  });

  it('locks latest values and history past the grace period, keeps collecting', async () => {
    await expireIn(-8);
    await ingest(t.clock().getTime() - 30_000, 2);
    const latest = await get(`/device/lastdp?device_id=${deviceId}`);
    expect(latest.body).toMatchObject({
      code: 20000,
      msg_key: 'device.dataLocked',
      msg_params: { ids: String(deviceId), days: 7 },
    });
    const start = new Date(t.clock().getTime() - DAY).toISOString();
    const end = new Date(t.clock().getTime() + 60_000).toISOString();
    const history = await get(
      `/device/history?point_id=${pointId}&starttime=${encodeURIComponent(start)}&endtime=${encodeURIComponent(end)}`,
    );
    expect(history.body).toMatchObject({ code: 20000, msg_key: 'device.dataLocked' });
    const list = await get<ListResult<LastdpsRow>>('/device/lastdps?page=1&limit=10');
    const row = list.body.data.rows.find((r) => r.device_id === deviceId);
    expect(row?.lastdp).toEqual([]);
  });

  it('a renewal (a later expiry) unlocks everything collected meanwhile', async () => {
    await expireIn(365);
    const latest = await get<LastPoint[]>(`/device/lastdp?device_id=${deviceId}`);
    expect(latest.body.data.map((p) => p.value)).toEqual([2]);
    const start = new Date(t.clock().getTime() - DAY).toISOString();
    const end = new Date(t.clock().getTime() + 60_000).toISOString();
    const history = await get<HistoryPage>(
      `/device/history?point_id=${pointId}&starttime=${encodeURIComponent(start)}&endtime=${encodeURIComponent(end)}&limit=10`,
    );
    expect(history.body.data.rows.map((r) => r.value)).toEqual([1, 2]);
  });
});
