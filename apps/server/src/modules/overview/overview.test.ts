import type { OverviewReport } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestCounters } from '../../pipeline/pipeline.table.js';
import { call, createDevice, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { alarmLog } from '../alarms/alarms.table.js';
import { deviceOnofflineLog } from '../connectivity/connectivity.table.js';
import { deviceGrants, devices } from '../devices/devices.table.js';

let t: TestApp;
let ownerToken: string;
let ownerUserId: number;
let otherToken: string;
let ownerDevices: number[];
let otherDevice: number;

/** 02:00 UTC is 10:00 in Asia/Shanghai: both zones are on 2026-03-11. */
const NOW = new Date('2026-03-11T02:00:00Z');

async function viewer(parentId: number | null = null): Promise<{ token: string; userId: number }> {
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: `overview-${Math.random().toString(36).slice(2, 10)}`,
    permissions: ['PlatformOverView'],
  });
  const user = await createUser(t.database, { userType: 2, parentId, roleIds: [roleId] });
  return { token: await tokenFor(t.app, user.username, user.password), userId: user.id };
}

async function deviceOf(ownerUserId: number, state: { status: number; alarmType: number }): Promise<number> {
  const device = await createDevice(t.database, { ownerUserId });
  await t.database.db.update(devices).set(state).where(eq(devices.id, device.id));
  return device.id;
}

const alarm = (deviceId: number, at: string, alarmType: number, level = 2, status = 0) => ({
  deviceId,
  alarmType,
  level,
  status,
  cause: alarmType === 3 ? 'recovered' : 'limit',
  at: new Date(at),
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const owner = await viewer();
  const other = await viewer();
  ownerToken = owner.token;
  ownerUserId = owner.userId;
  otherToken = other.token;
  ownerDevices = [
    await deviceOf(owner.userId, { status: 1, alarmType: 0 }),
    await deviceOf(owner.userId, { status: 1, alarmType: 1 }),
    await deviceOf(owner.userId, { status: 0, alarmType: 0 }),
    // Offline wins over a stale alarm type (SPEC 4 status tag).
    await deviceOf(owner.userId, { status: 0, alarmType: 101 }),
  ];
  otherDevice = await deviceOf(other.userId, { status: 1, alarmType: 0 });
  const [d1, d2, d3] = ownerDevices as [number, number, number];

  await t.database.db.insert(alarmLog).values([
    // Yesterday in UTC, but 07:30 today in Asia/Shanghai.
    alarm(d2, '2026-03-10T23:30:00Z', 1, 2, 0),
    alarm(d2, '2026-03-11T01:00:00Z', 101, 3, 1),
    alarm(d2, '2026-03-11T01:30:00Z', 3, 2, 1),
    alarm(d1, '2026-03-05T10:00:00Z', 2, 1, 0),
    // Before the 14-day window: in the latest list, not in the trend.
    alarm(d1, '2026-02-20T10:00:00Z', 1, 2, 0),
    alarm(otherDevice, '2026-03-11T01:00:00Z', 1, 2, 0),
  ]);
  await t.database.db.insert(deviceOnofflineLog).values([
    { deviceId: d3, status: 0, via: 'mqtt', reason: 'heartbeat', at: new Date('2026-03-11T00:00:00Z') },
    { deviceId: d1, status: 1, via: 'mqtt', at: new Date('2026-03-11T00:10:00Z') },
    { deviceId: d1, status: 0, via: 'dtu', reason: 'closed', at: new Date('2026-03-10T08:00:00Z') },
    { deviceId: otherDevice, status: 0, via: 'http', reason: 'silent', at: new Date('2026-03-11T01:00:00Z') },
  ]);
  await t.database.db.insert(ingestCounters).values([
    { deviceId: d1, day: '2026-03-11', readings: 100 },
    { deviceId: d2, day: '2026-03-10', readings: 50 },
    { deviceId: d1, day: '2026-03-04', readings: 7 },
    { deviceId: d1, day: '2026-02-01', readings: 999 },
    { deviceId: otherDevice, day: '2026-03-11', readings: 1000 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const overviewOf = (token: string, query = '') =>
  call<OverviewReport>(t.app, 'GET', `/overview${query}`, { token });

describe('GET /overview', () => {
  it('counts devices by status, alarms of today and readings, in UTC by default', async () => {
    const res = await overviewOf(ownerToken);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data.devices).toEqual({ total: 4, online: 2, offline: 2, alarm: 1, normal: 1 });
    // The 23:30 UTC alarm was yesterday; the recovery row is not an alarm.
    expect(data.alarms_today).toEqual({ total: 1, unhandled: 0, by_level: { 3: 1 }, by_type: { 101: 1 } });
    expect(data.readings.today).toBe(100);
    // 2026-03-05 .. 2026-03-11: the 03-04 and 02-01 counters are older.
    expect(data.readings.last_7_days).toBe(150);
  });

  it('zero-fills 14 days of trends, oldest first, ending today', async () => {
    const { alarm_trend: trend, readings } = (await overviewOf(ownerToken)).body.data;
    expect(trend).toHaveLength(14);
    expect(trend[0]!.day).toBe('2026-02-26');
    expect(trend.at(-1)).toEqual({ day: '2026-03-11', alarms: 1, recovered: 1 });
    expect(trend.find((d) => d.day === '2026-03-10')).toEqual({ day: '2026-03-10', alarms: 1, recovered: 0 });
    expect(trend.find((d) => d.day === '2026-03-05')?.alarms).toBe(1);
    expect(trend.filter((d) => d.alarms === 0 && d.recovered === 0)).toHaveLength(11);
    expect(readings.trend.map((d) => d.day)).toEqual(trend.map((d) => d.day));
    expect(readings.trend.filter((d) => d.readings > 0)).toEqual([
      { day: '2026-03-04', readings: 7 },
      { day: '2026-03-10', readings: 50 },
      { day: '2026-03-11', readings: 100 },
    ]);
  });

  it("counts days on the caller's calendar: 23:30 UTC is the next day in Asia/Shanghai", async () => {
    const res = await overviewOf(ownerToken, '?tz=Asia%2FShanghai');
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data.alarms_today).toEqual({
      total: 2,
      unhandled: 1,
      by_level: { 2: 1, 3: 1 },
      by_type: { 1: 1, 101: 1 },
    });
    expect(data.alarm_trend.at(-1)).toEqual({ day: '2026-03-11', alarms: 2, recovered: 1 });
    expect(data.alarm_trend.find((d) => d.day === '2026-03-10')?.alarms).toBe(0);
  });

  it('lists the newest alarms and offline events of the devices in scope only', async () => {
    const data = (await overviewOf(ownerToken)).body.data;
    expect(data.latest_alarms.map((a) => [a.at, a.alarm_type])).toEqual([
      ['2026-03-11T01:30:00.000Z', 3],
      ['2026-03-11T01:00:00.000Z', 101],
      ['2026-03-10T23:30:00.000Z', 1],
      ['2026-03-05T10:00:00.000Z', 2],
      ['2026-02-20T10:00:00.000Z', 1],
    ]);
    expect(data.latest_alarms.every((a) => ownerDevices.includes(a.device_id))).toBe(true);
    expect(data.latest_offline.map((r) => [r.device_id, r.reason])).toEqual([
      [ownerDevices[2], 'heartbeat'],
      [ownerDevices[0], 'closed'],
    ]);
  });

  it('shows another tenant only its own devices', async () => {
    const data = (await overviewOf(otherToken)).body.data;
    expect(data.devices).toEqual({ total: 1, online: 1, offline: 0, alarm: 0, normal: 1 });
    expect(data.alarms_today).toEqual({ total: 1, unhandled: 1, by_level: { 2: 1 }, by_type: { 1: 1 } });
    expect(data.readings.today).toBe(1000);
    expect(data.readings.last_7_days).toBe(1000);
    expect(data.latest_alarms.map((a) => a.device_id)).toEqual([otherDevice]);
    expect(data.latest_offline.map((r) => r.device_id)).toEqual([otherDevice]);
  });

  it('needs PlatformOverView', async () => {
    const plain = await createUser(t.database, { userType: 2 });
    const res = await overviewOf(await tokenFor(t.app, plain.username, plain.password));
    expect(res.body.code).toBe(10001);
  });

  it('rejects an unknown time zone with 10002 naming tz', async () => {
    const res = await overviewOf(ownerToken, '?tz=Mars%2FOlympus');
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toContain('tz');
  });
});

describe('scope below and across tenants', () => {
  // Last: it adds devices the tests above do not expect.
  it('counts the devices of users below the caller, and devices assigned to it', async () => {
    const child = await viewer(ownerUserId);
    await deviceOf(child.userId, { status: 1, alarmType: 0 });
    await t.database.db.insert(deviceGrants).values({ deviceId: ownerDevices[0]!, userId: child.userId });
    expect((await overviewOf(ownerToken)).body.data.devices.total).toBe(5);
    expect((await overviewOf(child.token)).body.data.devices).toEqual({
      total: 2,
      online: 2,
      offline: 0,
      alarm: 0,
      normal: 2,
    });
    expect((await overviewOf(otherToken)).body.data.devices.total).toBe(1);
  });
});

describe('the API description', () => {
  it('lists GET /overview with its tz parameter', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const get = doc.paths['/api/v1/overview']?.get;
    expect(get).toBeDefined();
    expect(get.parameters.map((p: { name: string }) => p.name)).toContain('tz');
  });
});
