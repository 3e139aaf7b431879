import type { BigScreenReport, MapConfig, MapDevicesAnswer } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { pointRollup1m } from '../../pipeline/rollup.table.js';
import { call, createDevice, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { devices } from '../devices/devices.table.js';

let t: TestApp;
let ownerToken: string;
let otherToken: string;
let plainToken: string;
let adminToken: string;
let ownerDevices: number[];
let otherDevice: number;

const NOW = new Date('2026-03-11T10:30:20Z');

async function viewer(permissions: string[]): Promise<{ token: string; userId: number }> {
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: `screens-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const user = await createUser(t.database, { userType: 2, roleIds: [roleId] });
  return { token: await tokenFor(t.app, user.username, user.password), userId: user.id };
}

type DeviceState = { status: number; alarmType: number; lat: number | null; lng: number | null };
async function deviceOf(ownerUserId: number, state: DeviceState, title = 'dev'): Promise<number> {
  const device = await createDevice(t.database, { ownerUserId, title });
  await t.database.db.update(devices).set(state).where(eq(devices.id, device.id));
  return device.id;
}

const pointOf = async (deviceId: number) => (await insertTestPoint(t.database, deviceId, { name: 'p' })).id;

const alarm = (deviceId: number, at: string, alarmType: number) => ({
  deviceId,
  alarmType,
  level: 2,
  status: 0,
  cause: 'limit',
  at: new Date(at),
});

const rollup = (pointId: number, bucket: string, n: number) => ({
  pointId,
  bucket: new Date(bucket),
  n,
  sum: n,
  min: 0,
  max: 1,
  firstTs: new Date(bucket),
  first: 0,
  lastTs: new Date(bucket),
  last: 1,
  increase: 0,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const owner = await viewer(['MonitorScreen', 'Monitor.DeviceMonitor']);
  const other = await viewer(['MonitorScreen', 'Monitor.DeviceMonitor']);
  ownerToken = owner.token;
  otherToken = other.token;
  plainToken = (await viewer(['PlatformOverView'])).token;
  adminToken = await tokenFor(t.app, 'admin', t.adminPassword);
  ownerDevices = [
    await deviceOf(owner.userId, { status: 1, alarmType: 0, lat: 31.2, lng: 121.5 }, 'pump A'),
    await deviceOf(owner.userId, { status: 1, alarmType: 1, lat: 39.9, lng: 116.4 }, 'pump B'),
    await deviceOf(owner.userId, { status: 0, alarmType: 0, lat: -33.9, lng: 151.2 }, 'pump C'),
    await deviceOf(owner.userId, { status: 0, alarmType: 0, lat: null, lng: null }, 'unplaced'),
  ];
  otherDevice = await deviceOf(other.userId, { status: 1, alarmType: 1, lat: 48.8, lng: 2.3 }, 'foreign');
  const [a, b] = ownerDevices as [number, number];
  await t.database.db.insert(alarmLog).values([
    alarm(b, '2026-03-11T10:05:00Z', 1),
    alarm(b, '2026-03-11T09:59:00Z', 101),
    alarm(a, '2026-03-11T09:10:00Z', 1),
    // A recovery is not an alarm; 25 hours ago is outside the trend.
    alarm(b, '2026-03-11T10:06:00Z', 3),
    alarm(a, '2026-03-10T09:00:00Z', 1),
    alarm(otherDevice, '2026-03-11T10:00:00Z', 1),
    alarm(otherDevice, '2026-03-11T10:01:00Z', 1),
    alarm(otherDevice, '2026-03-11T10:02:00Z', 1),
  ]);
  const [pa, pOther] = [await pointOf(a), await pointOf(otherDevice)];
  await t.database.db.insert(pointRollup1m).values([
    rollup(pa, '2026-03-11T10:29:00Z', 12),
    rollup(pa, '2026-03-11T10:00:00Z', 5),
    // The current minute is still filling and stays out; 31 minutes ago is too old.
    rollup(pa, '2026-03-11T10:30:00Z', 99),
    rollup(pa, '2026-03-11T09:59:00Z', 99),
    rollup(pOther, '2026-03-11T10:29:00Z', 1000),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const big = (token: string) => call<BigScreenReport>(t.app, 'GET', '/screen/big', { token });
const map = (token: string, query = '') =>
  call<MapDevicesAnswer>(t.app, 'GET', `/map/devices${query}`, { token });

describe('GET /screen/big', () => {
  it('counts the devices in scope and their alarms per hour over 24 hours', async () => {
    const res = await big(ownerToken);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data.devices).toEqual({ total: 4, online: 2, offline: 2, alarm: 1, normal: 1 });
    expect(data.alarm_trend).toHaveLength(24);
    expect(data.alarm_trend.at(-1)).toEqual({ hour: '2026-03-11T10:00:00.000Z', alarms: 1 });
    expect(data.alarm_trend.at(-2)).toEqual({ hour: '2026-03-11T09:00:00.000Z', alarms: 2 });
    expect(data.alarm_trend[0]!.hour).toBe('2026-03-10T11:00:00.000Z');
    expect(data.alarm_trend.reduce((s, h) => s + h.alarms, 0)).toBe(3);
  });

  it('sums readings per complete minute of the last 30, and ranks the alarming devices', async () => {
    const data = (await big(ownerToken)).body.data;
    expect(data.readings_per_minute).toHaveLength(30);
    expect(data.readings_per_minute.at(-1)).toEqual({ minute: '2026-03-11T10:29:00.000Z', readings: 12 });
    expect(data.readings_per_minute[0]).toEqual({ minute: '2026-03-11T10:00:00.000Z', readings: 5 });
    expect(data.readings_per_minute.reduce((s, m) => s + m.readings, 0)).toBe(17);
    expect(data.top_alarming).toEqual([
      { device_id: ownerDevices[1], device_title: 'pump B', alarms: 2 },
      { device_id: ownerDevices[0], device_title: 'pump A', alarms: 1 },
    ]);
    expect(data.latest_alarms.map((a) => a.device_id)).not.toContain(otherDevice);
    expect(data.latest_alarms).toHaveLength(5);
  });

  it("never counts another tenant's devices, alarms or readings", async () => {
    const data = (await big(otherToken)).body.data;
    expect(data.devices.total).toBe(1);
    expect(data.top_alarming).toEqual([{ device_id: otherDevice, device_title: 'foreign', alarms: 3 }]);
    expect(data.readings_per_minute.at(-1)!.readings).toBe(1000);
    expect(data.latest_alarms.every((a) => a.device_id === otherDevice)).toBe(true);
  });

  it('needs MonitorScreen', async () => {
    const res = await big(plainToken);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(10001);
  });
});

describe('GET /map/devices', () => {
  it('answers the located devices in scope with their status, and counts the unplaced', async () => {
    const res = await map(ownerToken);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.unplaced).toBe(1);
    expect(res.body.data.rows.map((r) => r.id).sort()).toEqual(ownerDevices.slice(0, 3).sort());
    expect(res.body.data.rows.find((r) => r.id === ownerDevices[1])).toMatchObject({
      lat: 39.9,
      lng: 116.4,
      status: 1,
      alarm_type: 1,
    });
    expect(res.body.data.rows.map((r) => r.id)).not.toContain(otherDevice);
  });

  it('filters by SPEC 4 status', async () => {
    expect((await map(ownerToken, '?status=2')).body.data.rows.map((r) => r.id)).toEqual([ownerDevices[1]]);
    expect((await map(ownerToken, '?status=1')).body.data.rows.map((r) => r.id)).toEqual([ownerDevices[0]]);
    const offline = (await map(ownerToken, '?status=0')).body.data;
    expect(offline.rows.map((r) => r.id)).toEqual([ownerDevices[2]]);
    expect(offline.unplaced).toBe(1);
  });

  it('refuses a bad filter and a caller without a monitoring permission', async () => {
    const bad = await map(ownerToken, '?status=7');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10002);
    expect((await map(plainToken)).status).toBe(403);
  });
});

describe('device location through PUT /device', () => {
  it('refuses a latitude out of range and changes nothing', async () => {
    const id = ownerDevices[0]!;
    const admin = await call(t.app, 'PUT', `/device/${id}`, {
      token: adminToken,
      body: { lat: 91, lng: 10 },
    });
    expect(admin.body.code).toBe(10002);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
    expect([row!.lat, row!.lng]).toEqual([31.2, 121.5]);
  });
});

const get = (token: string) => call<MapConfig>(t.app, 'GET', '/map/config', { token });
const put = (token: string, body: unknown) => call<MapConfig>(t.app, 'PUT', '/map/config', { token, body });

describe('/map/config', () => {
  it('is the offline basemap until the platform administrator sets a tile URL', async () => {
    expect((await get(ownerToken)).body.data).toEqual({ tile_url: null, attribution: '' });
    const url = 'https://tiles.example.test/{z}/{x}/{y}.png';
    const res = await put(adminToken, { tile_url: url, attribution: 'Example' });
    expect(res.body.code).toBe(0);
    expect((await get(ownerToken)).body.data).toEqual({ tile_url: url, attribution: 'Example' });
    expect((await put(adminToken, { tile_url: null })).body.code).toBe(0);
    expect((await get(plainToken)).body.data.tile_url).toBeNull();
  });

  it('refuses a template without {z}/{x}/{y}, and anyone but the platform administrator', async () => {
    const bad = await put(adminToken, { tile_url: 'https://tiles.example.test/tile.png' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(10002);
    const refused = await put(ownerToken, { tile_url: 'https://x.test/{z}/{x}/{y}.png' });
    expect(refused.body.code).toBe(10001);
    expect((await get(ownerToken)).body.data.tile_url).toBeNull();
  });
});

describe('Content-Security-Policy and the tile server', () => {
  it('lets the page load tiles from the configured tile origin, and only while it is configured', async () => {
    const csp = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/map/config' })).headers['content-security-policy'];
    await put(adminToken, { tile_url: 'https://tiles.example.test/{z}/{x}/{y}.png' });
    expect(String(await csp())).toMatch(/img-src [^;]*https:\/\/tiles\.example\.test/);
    await put(adminToken, { tile_url: null });
    expect(String(await csp())).not.toContain('tiles.example.test');
    expect(String(await csp())).toMatch(/worker-src 'self' blob:/);
  });
});
