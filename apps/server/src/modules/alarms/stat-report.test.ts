import type { EventStatRow, ListResult } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { deviceOnofflineLog } from '../connectivity/connectivity.table.js';
import { devices } from '../devices/devices.table.js';
import { deviceGroups } from '../groups/groups.table.js';
import { createAlarmUser, insertAlarm, readSheet } from './alarms.fixtures.js';

type User = Awaited<ReturnType<typeof createAlarmUser>>;

let t: TestApp;
let owner: User;
let other: User;
let base: number;
let groupId: number;
/** Alarms, flapping connection, already offline at the period start and still offline now. */
let boiler: { id: number; imei: string };
/** One alarm, no connection events. */
let pump: { id: number; imei: string };
/** Only an alarm eight days ago. */
let archive: { id: number };
/** Only an offline event in the period (no alarms). */
let gateway: { id: number; imei: string };

const HOUR = 3600_000;
const hoursAgo = (h: number) => new Date(base - h * HOUR);
const q = (d: Date) => encodeURIComponent(d.toISOString());

async function presence(deviceId: number, status: number, at: Date) {
  await t.database.db.insert(deviceOnofflineLog).values({ deviceId, status, at, via: 'mqtt' });
}

beforeAll(async () => {
  t = await createTestApp();
  base = t.clock().getTime();
  owner = await createAlarmUser(t, ['Event']);
  other = await createAlarmUser(t, ['Event/log']);
  boiler = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler room' });
  pump = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Pump house' });
  archive = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Archive' });
  gateway = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Gateway' });
  const foreign = await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign' });

  const [group] = await t.database.db
    .insert(deviceGroups)
    .values({ ownerUserId: owner.user.id, name: 'Heating' })
    .returning();
  groupId = group!.id;
  await t.database.db.update(devices).set({ groupId }).where(eq(devices.id, boiler.id));

  // Boiler: three alarms in the period (one recovered and handled, one recovered and unhandled),
  // a recovery row and an older alarm that do not count.
  await insertAlarm(t.database, { deviceId: boiler.id, at: hoursAgo(8), level: 2 });
  await insertAlarm(t.database, {
    deviceId: boiler.id,
    at: hoursAgo(7),
    level: 3,
    status: 1,
    recoveredAt: hoursAgo(6),
  });
  await insertAlarm(t.database, {
    deviceId: boiler.id,
    at: hoursAgo(6),
    alarmType: 3,
    cause: 'recovered',
    status: 1,
    recoveredAt: hoursAgo(6),
  });
  await insertAlarm(t.database, {
    deviceId: boiler.id,
    at: hoursAgo(2),
    alarmType: 101,
    level: 4,
    cause: 'code',
    recoveredAt: hoursAgo(1.5),
  });
  await insertAlarm(t.database, { deviceId: boiler.id, at: hoursAgo(11), level: 4 });
  // Offline since before the period (10 h ago), online 9 h ago; offline 5-4 h ago; offline 1 h ago, still.
  await presence(boiler.id, 0, hoursAgo(12));
  await presence(boiler.id, 1, hoursAgo(9));
  await presence(boiler.id, 0, hoursAgo(5));
  await presence(boiler.id, 1, hoursAgo(4));
  await presence(boiler.id, 0, hoursAgo(1));

  await insertAlarm(t.database, { deviceId: pump.id, at: hoursAgo(3), alarmType: 2, level: 1, status: 2 });
  await insertAlarm(t.database, { deviceId: archive.id, at: hoursAgo(8 * 24) });
  await presence(gateway.id, 0, hoursAgo(3));
  await insertAlarm(t.database, { deviceId: foreign.id, at: hoursAgo(3) });
});
afterAll(async () => {
  await t?.close();
});

const report = (user: User, query = '') =>
  call<ListResult<EventStatRow>>(t.app, 'GET', `/device/eventStatReport?limit=10${query}`, {
    token: user.token,
  });
/** The period of most checks: 10 h ago until 2 h from now (its end is in the future). */
const period = () => `&starttime=${q(hoursAgo(10))}&endtime=${q(hoursAgo(-2))}`;

describe('GET /device/eventStatReport', () => {
  it('counts per device, most alarms first, offline time clipped to the period and to now', async () => {
    const res = await report(owner, period());
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.rows).toEqual([
      {
        device_id: boiler.id,
        device_title: 'Boiler room',
        device_imei: boiler.imei,
        alarms: 3,
        by_type: { '1': 2, '101': 1 },
        by_level: { '2': 1, '3': 1, '4': 1 },
        unhandled: 2,
        recovered: 2,
        offline_events: 2,
        online_events: 2,
        // 1 h from the period start, 1 h from 5 h ago, 1 h from 1 h ago until now.
        offline_seconds: 3 * 3600,
      },
      {
        device_id: pump.id,
        device_title: 'Pump house',
        device_imei: pump.imei,
        alarms: 1,
        by_type: { '2': 1 },
        by_level: { '1': 1 },
        unhandled: 0,
        recovered: 0,
        offline_events: 0,
        online_events: 0,
        offline_seconds: 0,
      },
      {
        device_id: gateway.id,
        device_title: 'Gateway',
        device_imei: gateway.imei,
        alarms: 0,
        by_type: {},
        by_level: {},
        unhandled: 0,
        recovered: 0,
        offline_events: 1,
        online_events: 0,
        offline_seconds: 3 * 3600,
      },
    ]);
  });

  it('ends an open offline interval at the period end', async () => {
    const res = await report(owner, `&starttime=${q(hoursAgo(10))}&endtime=${q(hoursAgo(4.5))}`);
    const rows = res.body.data.rows;
    expect(rows.map((r) => r.device_id)).toEqual([boiler.id]);
    // 1 h from the period start, then offline from 5 h ago until the end 4.5 h ago.
    expect(rows[0]).toMatchObject({ alarms: 2, offline_events: 1, online_events: 1, offline_seconds: 5400 });
  });

  it('defaults to the last 7 days', async () => {
    const defaults = await report(owner);
    expect(defaults.body.data.rows.map((r) => r.device_id)).toEqual([boiler.id, pump.id, gateway.id]);
    // The alarm 11 h ago and the offline event 12 h ago are inside the default period.
    expect(defaults.body.data.rows[0]).toMatchObject({
      alarms: 4,
      offline_events: 3,
      offline_seconds: 5 * 3600,
    });
    const nineDays = await report(owner, `&starttime=${q(hoursAgo(9 * 24))}`);
    expect(nineDays.body.data.rows.map((r) => r.device_id)).toContain(archive.id);
  });

  it('filters by group, device and search, pages, and keeps to the scope', async () => {
    const ids = async (user: User, query: string) =>
      (await report(user, period() + query)).body.data.rows.map((r) => r.device_id);
    expect(await ids(owner, `&group_id=${groupId}`)).toEqual([boiler.id]);
    expect(await ids(owner, `&device_id=${pump.id}`)).toEqual([pump.id]);
    expect(await ids(owner, '&search=gate')).toEqual([gateway.id]);
    expect((await report(owner, `${period()}&page=2`)).body.data).toEqual({ rows: [], total: 3 });
    expect(await ids(other, '')).toHaveLength(1);
    expect(await ids(other, `&device_id=${boiler.id}`)).toEqual([]);
  });

  it('refuses a period that ends before it starts, and callers without Event or Event/log', async () => {
    const inverted = await report(owner, `&starttime=${q(hoursAgo(1))}&endtime=${q(hoursAgo(2))}`);
    expect(inverted.body).toMatchObject({ code: 10002, msg: expect.stringContaining('query.starttime') });
    const plain = await createAlarmUser(t, ['DeviceManage']);
    expect((await report(plain)).body.code).toBe(10001);
  });
});

describe('GET /device/exportStatReport', () => {
  const exportOf = (user: User, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/device/exportStatReport?${query}${period()}`,
      headers: { 'x-token': user.token },
    });

  it('answers every row as xlsx, with a column per alarm type and level that occurs', async () => {
    const res = await exportOf(owner, 'lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="alarm-report-\d{8}-\d{8}\.xlsx"$/,
    );
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual([
      'Device',
      'IMEI',
      'Alarms',
      'Over-limit alarm',
      'Change-of-state alarm',
      'Real fire alarm',
      'Level: Info',
      'Level: Minor',
      'Level: Major',
      'Level: Critical',
      'Unhandled',
      'Recovered',
      'Offline events',
      'Online events',
      'Time offline',
    ]);
    expect(rows.map((r) => r.slice(0, 14))).toEqual([
      ['Boiler room', boiler.imei, 3, 2, 0, 1, 0, 1, 1, 1, 2, 2, 2, 2],
      ['Pump house', pump.imei, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0],
      ['Gateway', gateway.imei, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
    ]);
    // A duration cell ([h]:mm:ss); exceljs reads date-formatted numbers back as dates from 1899-12-30.
    const seconds = (v: unknown) =>
      v instanceof Date
        ? Math.round(v.getTime() / 1000 + 25_569 * 86_400)
        : Math.round((v as number) * 86_400);
    expect(rows.map((r) => seconds(r[14]))).toEqual([10_800, 0, 10_800]);
  });

  it('speaks Chinese by default and keeps the filter', async () => {
    const [header, ...rows] = await readSheet((await exportOf(owner, `group_id=${groupId}`)).rawPayload);
    expect(header!.slice(0, 6)).toEqual([
      '设备名称',
      'IMEI',
      '报警次数',
      '超限报警',
      '真实火警',
      '报警等级: 次要',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['Boiler room']);
    expect((await exportOf(owner, 'tz=Nowhere/Land')).json().code).toBe(10002);
  });
});
