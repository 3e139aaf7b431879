import type { AlarmLogRow, ListResult } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS } from '../../platform/bus/event-bus.js';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { deviceGrants, devices } from '../devices/devices.table.js';
import { alarmLevelsReader } from './alarm-levels.js';
import { createAlarmLogRepository } from './alarm-log.repository.js';
import { createAlarmLogService } from './alarm-log.service.js';
import { createAlarmUser, insertAlarm, readSheet, scopeOfUser } from './alarms.fixtures.js';
import { alarmLog } from './alarms.table.js';
import { alarmLogExportQuery } from './export-format.js';

type User = Awaited<ReturnType<typeof createAlarmUser>>;

let t: TestApp;
let ownerA: User;
let ownerB: User;
/** Sub-account of B, also assigned A's boiler. */
let subB: User;
let readerA: User;
let base: number;
const ids: Record<'boilerOpen' | 'boilerClosed' | 'boilerRecovery' | 'pumpFire' | 'foreign', number> = {
  boilerOpen: 0,
  boilerClosed: 0,
  boilerRecovery: 0,
  pumpFire: 0,
  foreign: 0,
};
let boiler: { id: number; imei: string };
let pump: { id: number; imei: string };
let foreignDevice: { id: number };
const busMessages: unknown[] = [];

const minutesAgo = (m: number) => new Date(base - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  base = t.clock().getTime();
  ownerA = await createAlarmUser(t, ['Event/log', 'Event'], { nickName: 'Alice' });
  ownerB = await createAlarmUser(t, ['Event/log', 'Event']);
  subB = await createAlarmUser(t, ['Event/log'], {
    parentId: ownerB.user.id,
    isSubuser: true,
    nickName: 'Sub B',
  });
  readerA = await createAlarmUser(t, ['Event'], { parentId: ownerA.user.id, isSubuser: true });
  boiler = await createDevice(t.database, { ownerUserId: ownerA.user.id, title: 'Boiler room' });
  pump = await createDevice(t.database, { ownerUserId: ownerA.user.id, title: 'Pump house' });
  foreignDevice = await createDevice(t.database, { ownerUserId: ownerB.user.id, title: 'B store' });
  await t.database.db.insert(deviceGrants).values({ deviceId: boiler.id, userId: subB.user.id });

  ids.boilerOpen = (
    await insertAlarm(t.database, {
      deviceId: boiler.id,
      at: minutesAgo(60),
      pointName: 'temp',
      pointTitle: 'Temperature',
      value: 85,
      threshold: '> 80',
    })
  ).id;
  ids.boilerClosed = (
    await insertAlarm(t.database, {
      deviceId: boiler.id,
      at: minutesAgo(55),
      level: 3,
      status: 1,
      recoveredAt: minutesAgo(50),
    })
  ).id;
  ids.boilerRecovery = (
    await insertAlarm(t.database, {
      deviceId: boiler.id,
      at: minutesAgo(50),
      alarmType: 3,
      cause: 'recovered',
      status: 1,
      recoveredAt: minutesAgo(50),
      recoversId: ids.boilerClosed,
    })
  ).id;
  ids.pumpFire = (
    await insertAlarm(t.database, {
      deviceId: pump.id,
      at: minutesAgo(30),
      alarmType: 101,
      level: 4,
      status: 2,
      cause: 'code',
      remark: 'drill',
    })
  ).id;
  ids.foreign = (
    await insertAlarm(t.database, {
      deviceId: foreignDevice.id,
      at: minutesAgo(20),
      alarmType: 4,
      cause: 'offline',
    })
  ).id;
  t.runtime.bus.subscribe(BUS.alarmDevice, (m) => busMessages.push(m));
});
afterAll(async () => {
  await t?.close();
});

const list = (user: User, query = '') =>
  call<ListResult<AlarmLogRow>>(t.app, 'GET', `/event/alarmlog?limit=10${query}`, { token: user.token });
const idsOf = async (user: User, query = '') => {
  const res = await list(user, query);
  expect(res.body.code).toBe(0);
  return res.body.data.rows.map((r) => r.id);
};
const q = (d: Date) => encodeURIComponent(d.toISOString());

describe('GET /event/alarmlog', () => {
  it('lists the alarms of the devices in scope, newest first, as AlarmLogRow', async () => {
    const res = await list(ownerA);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.rows.map((r) => r.id)).toEqual([
      ids.pumpFire,
      ids.boilerRecovery,
      ids.boilerClosed,
      ids.boilerOpen,
    ]);
    expect(res.body.data.rows.at(-1)).toEqual({
      id: ids.boilerOpen,
      device_id: boiler.id,
      device_title: 'Boiler room',
      device_imei: boiler.imei,
      trigger_id: null,
      point_id: null,
      point_name: 'temp',
      point_title: 'Temperature',
      alarm_type: 1,
      level: 2,
      status: 0,
      dispatch_status: 0,
      online: 1,
      cause: 'limit',
      value: 85,
      threshold: '> 80',
      message: '',
      at: minutesAgo(60).toISOString(),
      recovered_at: null,
      recovers_id: null,
      handled_by_name: null,
      handled_at: null,
      remark: '',
    });
    const second = await list(ownerA, '&page=2');
    expect(second.body.data).toEqual({ rows: [], total: 4 });
  });

  it('filters by time, level, type, status, open, device and search', async () => {
    expect(await idsOf(ownerA, `&starttime=${q(minutesAgo(52))}`)).toEqual([
      ids.pumpFire,
      ids.boilerRecovery,
    ]);
    expect(await idsOf(ownerA, `&endtime=${q(minutesAgo(52))}`)).toEqual([ids.boilerClosed, ids.boilerOpen]);
    expect(await idsOf(ownerA, '&level=2')).toEqual([ids.boilerRecovery, ids.boilerOpen]);
    expect(await idsOf(ownerA, '&alarm_type=101')).toEqual([ids.pumpFire]);
    expect(await idsOf(ownerA, '&status=0')).toEqual([ids.boilerOpen]);
    expect(await idsOf(ownerA, '&status=2')).toEqual([ids.pumpFire]);
    expect(await idsOf(ownerA, '&open=true')).toEqual([ids.pumpFire, ids.boilerOpen]);
    expect(await idsOf(ownerA, `&open=1&device_id=${boiler.id}`)).toEqual([ids.boilerOpen]);
    expect(await idsOf(ownerA, '&open=false')).toHaveLength(4);
    expect(await idsOf(ownerA, '&search=PUMP')).toEqual([ids.pumpFire]);
    expect(await idsOf(ownerA, `&search=${boiler.imei.slice(3, 12)}`)).toHaveLength(3);
    expect(await idsOf(ownerA, '&search=nothing-like-it')).toEqual([]);
  });

  it('refuses bad filters naming the field', async () => {
    expect((await list(ownerA, '&status=5')).body).toMatchObject({
      code: 10002,
      msg: expect.stringContaining('query.status'),
    });
    expect((await list(ownerA, '&starttime=yesterday')).body).toMatchObject({
      code: 10002,
      msg: expect.stringContaining('query.starttime'),
    });
    expect((await list(ownerA, '&open=maybe')).body.code).toBe(10002);
  });

  it('shows another tenant nothing, and a sub-account its parent data plus its assignment', async () => {
    expect(await idsOf(ownerB)).toEqual([ids.foreign]);
    expect(await idsOf(ownerB, `&device_id=${boiler.id}`)).toEqual([]);
    expect(await idsOf(subB)).toEqual([ids.foreign, ids.boilerRecovery, ids.boilerClosed, ids.boilerOpen]);
    expect(await idsOf(ownerA, `&device_id=${foreignDevice.id}`)).toEqual([]);
  });

  it('needs Event/log, Event/view or Event', async () => {
    expect(await idsOf(readerA)).toHaveLength(4);
    const viewer = await createAlarmUser(t, ['Event/view'], { parentId: ownerA.user.id, isSubuser: true });
    expect(await idsOf(viewer)).toHaveLength(4);
    const plain = await createAlarmUser(t, ['DeviceManage']);
    expect((await list(plain)).body.code).toBe(10001);
  });
});

describe('PUT /event/alarmlog/{id}', () => {
  const put = (user: User, id: number, body: unknown) =>
    call<AlarmLogRow>(t.app, 'PUT', `/event/alarmlog/${id}`, { token: user.token, body });

  it('handling records who and when; back to unhandled clears it; the alarm stays open', async () => {
    t.clock.advance(5);
    const handled = await put(subB, ids.boilerOpen, { status: 1, remark: 'checked the valve' });
    expect(handled.body.code).toBe(0);
    expect(handled.body.data).toMatchObject({
      id: ids.boilerOpen,
      status: 1,
      remark: 'checked the valve',
      handled_by_name: 'Sub B',
      handled_at: t.clock().toISOString(),
      recovered_at: null,
    });

    t.clock.advance(5);
    const again = await put(ownerA, ids.boilerOpen, { status: 1, dispatch_status: 1 });
    expect(again.body.data).toMatchObject({ handled_by_name: 'Sub B', dispatch_status: 1 });
    expect(again.body.data.handled_at).toBe(handled.body.data.handled_at);

    const falseAlarm = await put(ownerA, ids.boilerOpen, { status: 2 });
    expect(falseAlarm.body.data).toMatchObject({
      status: 2,
      handled_by_name: 'Alice',
      handled_at: t.clock().toISOString(),
    });

    const reopened = await put(ownerA, ids.boilerOpen, { status: 0 });
    expect(reopened.body.data).toMatchObject({
      status: 0,
      handled_by_name: null,
      handled_at: null,
      remark: 'checked the valve',
      dispatch_status: 1,
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const empty = await put(ownerA, ids.pumpFire, {});
    expect(empty.body.code).toBe(10002);
    const bad = await put(ownerA, ids.pumpFire, { status: 3, remark: 'x' });
    expect(bad.body).toMatchObject({ code: 10002, msg: expect.stringContaining('body.status') });
    const [row] = await t.database.db.select().from(alarmLog).where(eq(alarmLog.id, ids.pumpFire));
    expect(row).toMatchObject({ status: 2, remark: 'drill' });
  });

  it('needs Event/log and a visible alarm', async () => {
    const reader = await put(readerA, ids.pumpFire, { status: 1 });
    expect([reader.status, reader.body.code]).toEqual([403, 10001]);
    // The view-only alarm permission reads the log but never handles an alarm.
    const viewer = await createAlarmUser(t, ['Event/view'], { parentId: ownerA.user.id, isSubuser: true });
    expect((await put(viewer, ids.pumpFire, { status: 1 })).body.code).toBe(10001);
    const foreign = await put(ownerB, ids.pumpFire, { status: 1 });
    expect([foreign.status, foreign.body.code]).toEqual([404, 50000]);
    expect((await put(ownerA, 999_999, { status: 1 })).status).toBe(404);
  });
});

describe('GET /event/alarmlog/export', () => {
  const exportOf = (user: User, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/event/alarmlog/export?${query}`,
      headers: { 'x-token': user.token },
    });

  it('answers an xlsx attachment in the asked language and time zone, newest first', async () => {
    const res = await exportOf(ownerA, 'lang=en&tz=Asia/Shanghai');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="alarm-log-\d{8}-\d{6}\.xlsx"$/,
    );
    expect(res.headers['x-truncated']).toBeUndefined();
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header).toEqual([
      'Time',
      'Device',
      'IMEI',
      'Data point',
      'Alarm type',
      'Level',
      'Value',
      'Threshold',
      'Status',
      'Dispatch',
      'Recovered at',
      'Handled by',
      'Handled at',
      'Remark',
    ]);
    expect(rows).toHaveLength(4);
    const shanghai = (d: Date) =>
      new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[0]!.slice(0, 10)).toEqual([
      shanghai(minutesAgo(30)),
      'Pump house',
      pump.imei,
      undefined,
      'Real fire alarm',
      'Critical',
      undefined,
      undefined,
      'False alarm',
      'Not dispatched',
    ]);
    expect(rows[1]!.slice(4, 6)).toEqual(['Alarm recovered', 'Minor']);
    expect(rows[3]!.slice(0, 8)).toEqual([
      shanghai(minutesAgo(60)),
      'Boiler room',
      boiler.imei,
      'Temperature',
      'Over-limit alarm',
      'Minor',
      85,
      '> 80',
    ]);
  });

  it('defaults to Chinese and UTC, and keeps the filter', async () => {
    const res = await exportOf(ownerA, 'alarm_type=101');
    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header!.slice(0, 5)).toEqual(['报警时间', '设备名称', 'IMEI', '数据点', '报警类型']);
    expect(rows).toEqual([
      [
        minutesAgo(30).toISOString().slice(0, 19).replace('T', ' '),
        'Pump house',
        pump.imei,
        undefined,
        '真实火警',
        '紧急',
        undefined,
        undefined,
        '误报',
        '未派单',
        undefined,
        undefined,
        undefined,
        'drill',
      ],
    ]);
  });

  it('refuses an unknown language or time zone, and stays in scope', async () => {
    const badTz = await exportOf(ownerA, 'tz=Mars/Olympus');
    expect(badTz.json()).toMatchObject({ code: 10002, msg: expect.stringContaining('query.tz') });
    expect((await exportOf(ownerA, 'lang=fr')).json()).toMatchObject({
      code: 10002,
      msg: expect.stringContaining('query.lang'),
    });
    const [, ...rows] = await readSheet((await exportOf(ownerB, 'lang=en')).rawPayload);
    expect(rows.map((r) => r[1])).toEqual(['B store']);
    const plain = await createAlarmUser(t, ['DeviceManage']);
    expect((await exportOf(plain)).json().code).toBe(10001);
  });

  it('stops at the cap, newest first, and says so (cap injected small)', async () => {
    const exportWith = async (exportCap: number, exportChunk: number) => {
      const service = createAlarmLogService({
        repo: createAlarmLogRepository(t.database.db),
        clock: t.clock,
        bus: t.runtime.bus,
        alarmLevels: alarmLevelsReader(t.database.db),
        exportCap,
        exportChunk,
      });
      const query = alarmLogExportQuery.parse({ lang: 'en' });
      const file = await service.exportXlsx(scopeOfUser(ownerA.user), query);
      const [, ...rows] = await readSheet(file.file);
      return { truncated: file.truncated, times: rows.map((r) => r[0]) };
    };
    const all = await exportWith(100, 100);
    expect(all.truncated).toBe(false);
    expect(all.times).toHaveLength(4);
    expect(await exportWith(4, 100)).toEqual(all);
    expect(await exportWith(4, 1)).toEqual(all);
    expect(await exportWith(3, 100)).toEqual({ truncated: true, times: all.times.slice(0, 3) });
    expect(await exportWith(3, 2)).toEqual({ truncated: true, times: all.times.slice(0, 3) });
  });
});

describe('DELETE /event/alarmlog/{id}', () => {
  const del = (user: User, id: number) =>
    call(t.app, 'DELETE', `/event/alarmlog/${id}`, { token: user.token });

  it('owner side only: an assignee gets 403, another tenant 404', async () => {
    const assigned = await del(subB, ids.boilerOpen);
    expect([assigned.status, assigned.body.code]).toEqual([403, 10001]);
    const foreign = await del(ownerB, ids.boilerOpen);
    expect([foreign.status, foreign.body.code]).toEqual([404, 50000]);
    expect((await del(readerA, ids.boilerOpen)).body.code).toBe(10001);
    const viewer = await createAlarmUser(t, ['Event/view'], { parentId: ownerA.user.id, isSubuser: true });
    expect((await del(viewer, ids.boilerOpen)).body.code).toBe(10001);
    expect(busMessages).toEqual([]);
  });

  it('a sub-account deletes in its parent data; the engines hear of it', async () => {
    expect((await del(subB, ids.foreign)).body).toMatchObject({ code: 0, data: null });
    expect(busMessages).toEqual([{ deviceId: foreignDevice.id }]);
    expect(await idsOf(ownerB)).toEqual([]);
  });

  it('deleting the open alarm clears the device alarm type unless another is open', async () => {
    await t.database.db.update(devices).set({ alarmType: 1 }).where(eq(devices.id, boiler.id));
    const later = await insertAlarm(t.database, { deviceId: boiler.id, at: minutesAgo(10), alarmType: 2 });
    const typeOf = async () =>
      (
        await t.database.db.select({ a: devices.alarmType }).from(devices).where(eq(devices.id, boiler.id))
      )[0]!.a;

    expect((await del(ownerA, later.id)).body.code).toBe(0);
    expect(await typeOf()).toBe(1);
    expect((await del(ownerA, ids.boilerOpen)).body.code).toBe(0);
    expect(await typeOf()).toBe(0);
    expect(busMessages.slice(-2)).toEqual([{ deviceId: boiler.id }, { deviceId: boiler.id }]);
    expect((await del(ownerA, ids.boilerOpen)).status).toBe(404);
    expect(await idsOf(ownerA)).toEqual([ids.pumpFire, ids.boilerRecovery, ids.boilerClosed]);
  });
});
