import type { CommandRow, DataPointRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandOutcome, DeviceLink, PointWrite } from '../../platform/commands/types.js';
import {
  call,
  createDevice,
  createDeviceUser,
  createRole,
  createUser,
  tokenFor,
} from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * A device connection the test steers: it answers each write with `next`, or holds it until
 * `release` when `next` is 'hang'.
 */
function steeredLink() {
  const writes: PointWrite[] = [];
  const held: ((outcome: CommandOutcome) => void)[] = [];
  const link: DeviceLink & {
    next: CommandOutcome | 'hang' | 'throw';
    writes: PointWrite[];
    release(outcome: CommandOutcome): void;
  } = {
    next: { status: 'resp' },
    writes,
    async write(write) {
      writes.push(write);
      const { next } = link;
      if (next === 'throw') throw new Error('encoder broke');
      if (next === 'hang') return new Promise<CommandOutcome>((resolve) => held.push(resolve));
      return next;
    },
    async refresh() {
      return true;
    },
    release(outcome) {
      for (const resolve of held.splice(0)) resolve(outcome);
    },
  };
  return link;
}

let t: TestApp;
let operator: { token: string; userId: number };
let deviceId: number;
let otherDeviceId: number;
const points: Record<string, DataPointRow> = {};
const link = steeredLink();
let detach: () => void;

async function userWith(permissions: string[], subuserOf?: number) {
  const roleId = await createRole(t.database, {
    ownerUserId: null,
    name: `cmd-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const user = await createUser(t.database, {
    userType: 2,
    roleIds: [roleId],
    ...(subuserOf ? { parentId: subuserOf, isSubuser: true } : {}),
  });
  return { userId: user.id, token: await tokenFor(t.app, user.username, user.password) };
}

async function addPoint(token: string, id: number, body: Record<string, unknown>) {
  const res = await call<DataPointRow>(t.app, 'POST', `/device/${id}/datapoint`, { token, body });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

const send = (value: unknown, pointName = 'setpoint', token = operator.token) =>
  call<CommandRow>(t.app, 'POST', '/device/cmd', {
    token,
    body: { device_id: deviceId, point_id: points[pointName]!.id, value },
  });
const statusOf = async (id: number) =>
  (await call<CommandRow>(t.app, 'GET', `/device/cmdStatus?id=${id}`, { token: operator.token })).body.data
    .status;
const storedCount = async () =>
  (
    await call<{ total: number }>(t.app, 'GET', `/device/cmd?device_id=${deviceId}`, {
      token: operator.token,
    })
  ).body.data.total;

beforeAll(async () => {
  t = await createTestApp();
  operator = await userWith(['DeviceManage', 'Device/control', 'Device/setParam']);
  deviceId = (await createDevice(t.database, { ownerUserId: operator.userId, gatewayProtocol: 'Modbus_RTU' }))
    .id;
  otherDeviceId = (
    await createDevice(t.database, { ownerUserId: operator.userId, gatewayProtocol: 'Modbus_RTU' })
  ).id;
  const common = { area: '4X', data_type: 'int16', access: 'readwrite' };
  points.setpoint = await addPoint(operator.token, deviceId, {
    ...common,
    name: 'setpoint',
    title: 'Set point',
    type: 1,
    address: 10,
    lolmt: 0,
    uplmt: 100,
  });
  points.speed = await addPoint(operator.token, deviceId, { ...common, name: 'speed', type: 0, address: 11 });
  points.pump = await addPoint(operator.token, deviceId, {
    name: 'pump',
    type: 0,
    area: '0X',
    address: 1,
    data_type: 'uint8',
    access: 'readwrite',
  });
  points.temp = await addPoint(operator.token, deviceId, { name: 'temp', area: '3X', address: 1, type: 0 });
  points.label = await addPoint(operator.token, deviceId, {
    ...common,
    name: 'label',
    type: 1,
    address: 20,
    data_type: 'string',
    register_count: 4,
  });
  points.foreign = await addPoint(operator.token, otherDeviceId, { ...common, name: 'foreign', address: 1 });
  detach = t.runtime.commands.attach(deviceId, link);
}, 60_000);

afterAll(async () => {
  link.release({ status: 'networkError', error: 'test over' });
  await t?.close();
});

describe('POST /device/cmd lifecycle', () => {
  it('answers send at once, then resp; the written value becomes the latest value', async () => {
    link.next = { status: 'resp' };
    const res = await send(42);
    expect(res.body.code).toBe(0);
    const row = res.body.data;
    expect(row).toMatchObject({
      device_id: deviceId,
      point_id: points.setpoint!.id,
      point_name: 'setpoint',
      point_title: 'Set point',
      kind: 'write',
      value: 42,
      status: 'send',
      error: '',
      created_by: operator.userId,
      answered_at: null,
    });
    expect(row.sent_at).not.toBeNull();
    await expect.poll(() => statusOf(row.id)).toBe('resp');
    const answered = await call<CommandRow>(t.app, 'GET', `/device/cmdStatus?id=${row.id}`, {
      token: operator.token,
    });
    expect(answered.body.data.answered_at).not.toBeNull();
    expect(link.writes.at(-1)).toMatchObject({ commandId: row.id, deviceId, value: 42 });
    expect(link.writes.at(-1)?.point).toMatchObject({
      id: points.setpoint!.id,
      name: 'setpoint',
      area: '4X',
    });
    await expect
      .poll(async () =>
        (await t.runtime.pipeline.latestOf(deviceId)).find((v) => v.pointId === points.setpoint!.id),
      )
      .toMatchObject({ value: 42 });
    if (t.app.hasRoute({ method: 'GET', url: '/api/v1/device/lastdp' })) {
      const last = await call<{ point_id: number; value: unknown }[]>(
        t.app,
        'GET',
        `/device/lastdp?device_id=${deviceId}`,
        { token: operator.token },
      );
      expect(last.body.data.find((p) => p.point_id === points.setpoint!.id)?.value).toBe(42);
    }
  });

  it('records the reason the device refused', async () => {
    link.next = { status: 'fail', error: 'Modbus exception 3 (illegal data value)' };
    const row = (await send('55')).body.data;
    expect(row).toMatchObject({ status: 'send', value: '55' });
    expect(link.writes.at(-1)?.value).toBe(55); // numeric text reaches the gateway as a number
    await expect.poll(() => statusOf(row.id)).toBe('fail');
    const failed = await call<CommandRow>(t.app, 'GET', `/device/cmdStatus?id=${row.id}`, {
      token: operator.token,
    });
    expect(failed.body.data.error).toBe('Modbus exception 3 (illegal data value)');
  });

  it('stays send while the device has not answered', async () => {
    link.next = 'hang';
    const row = (await send(true, 'pump')).body.data;
    expect(row.status).toBe('send');
    expect(link.writes.at(-1)?.value).toBe(1);
    expect(await statusOf(row.id)).toBe('send');
    link.release({ status: 'networkError', error: 'no answer within 5 s' });
    await expect.poll(() => statusOf(row.id)).toBe('networkError');
  });

  it('answers networkError at once when no gateway holds the device, error when the link breaks', async () => {
    detach();
    const offline = (await send(10)).body.data;
    expect(offline).toMatchObject({ status: 'networkError', error: 'device offline' });
    expect(offline.answered_at).not.toBeNull();
    detach = t.runtime.commands.attach(deviceId, link);
    link.next = 'throw';
    expect((await send(11)).body.data).toMatchObject({ status: 'error', error: 'encoder broke' });
    link.next = { status: 'resp' };
  });

  it('accepts text for a string point', async () => {
    const row = (await send('room 2', 'label')).body.data;
    expect(row.value).toBe('room 2');
    await expect.poll(() => statusOf(row.id)).toBe('resp');
  });
});

describe('POST /device/cmd refusals store nothing', () => {
  it('refuses read-only points, values out of the limits and values of the wrong type', async () => {
    const before = await storedCount();
    const cases: [unknown, string, string][] = [
      [1, 'temp', 'body.point_id: point temp is read-only'],
      [101, 'setpoint', 'body.value: 101 is above the upper limit 100'],
      [-1, 'setpoint', 'body.value: -1 is below the lower limit 0'],
      ['abc', 'setpoint', 'body.value: setpoint takes a number'],
      [true, 'speed', 'body.value: speed takes a number'],
      [2, 'pump', 'body.value: pump takes true, false, 0 or 1'],
      [5, 'label', 'body.value: label takes a text value'],
      ['pump room 2', 'label', 'body.value: label holds at most 8 bytes of text'],
    ];
    for (const [value, point, message] of cases) {
      const res = await send(value, point);
      expect(res.body, `${point} = ${String(value)}`).toMatchObject({ code: 10002, msg: message });
    }
    const foreign = await call(t.app, 'POST', '/device/cmd', {
      token: operator.token,
      body: { device_id: deviceId, point_id: points.foreign!.id, value: 1 },
    });
    expect(foreign.body.code).toBe(10002);
    expect(foreign.body.msg).toContain('body.point_id');
    const badBody = await call(t.app, 'POST', '/device/cmd', {
      token: operator.token,
      body: { device_id: deviceId, point_id: points.setpoint!.id, value: { x: 1 } },
    });
    expect(badBody.body.code).toBe(10002);
    expect(await storedCount()).toBe(before);
  });

  it('needs Device/control for monitor points and Device/setParam for parameters', async () => {
    const before = await storedCount();
    // Sub-accounts act inside the operator's data: they see the device, with their own permissions.
    const paramsOnly = await userWith(['DeviceManage', 'Device/setParam'], operator.userId);
    expect((await send(5, 'speed', paramsOnly.token)).body.code).toBe(10001);
    expect((await send(true, 'pump', paramsOnly.token)).body.code).toBe(10001);
    expect(await storedCount()).toBe(before);
    expect((await send(5, 'setpoint', paramsOnly.token)).body).toMatchObject({
      code: 0,
      data: { status: 'send' },
    });

    const controlOnly = await userWith(['Monitor.DeviceMonitor', 'Device/control'], operator.userId);
    expect((await send(5, 'setpoint', controlOnly.token)).body.code).toBe(10001);
    expect((await send(5, 'speed', controlOnly.token)).body).toMatchObject({
      code: 0,
      data: { status: 'send' },
    });

    const viewer = await userWith(['Device/control', 'Device/setParam'], operator.userId);
    expect((await send(5, 'speed', viewer.token)).body.code).toBe(10001); // neither DeviceManage nor monitor
  });
});

describe('scope, listing and refresh', () => {
  it("hides another tenant's device and commands", async () => {
    const stranger = await createDeviceUser(t);
    const res = await send(5, 'setpoint', stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(50000);
    const list = await call<{ rows: CommandRow[]; total: number }>(
      t.app,
      'GET',
      `/device/cmd?device_id=${deviceId}`,
      {
        token: stranger.token,
      },
    );
    expect(list.body.data).toEqual({ rows: [], total: 0 });
    const mine = await call<{ rows: CommandRow[] }>(t.app, 'GET', `/device/cmd?device_id=${deviceId}`, {
      token: operator.token,
    });
    const id = mine.body.data.rows[0]!.id;
    const status = await call(t.app, 'GET', `/device/cmdStatus?id=${id}`, { token: stranger.token });
    expect(status.status).toBe(404);
    expect((await call(t.app, 'GET', `/device/refresh/${deviceId}`, { token: stranger.token })).status).toBe(
      404,
    );
  });

  it('lists newest first with paging and the point names', async () => {
    link.next = { status: 'resp' };
    for (const value of [1, 2, 3, 4]) expect((await send(value)).body.code).toBe(0);
    const total = await storedCount();
    expect(total).toBeGreaterThan(10);
    const first = await call<{ rows: CommandRow[]; total: number }>(
      t.app,
      'GET',
      `/device/cmd?device_id=${deviceId}&page=1&limit=10`,
      { token: operator.token },
    );
    const second = await call<{ rows: CommandRow[]; total: number }>(
      t.app,
      'GET',
      `/device/cmd?device_id=${deviceId}&page=2&limit=10`,
      { token: operator.token },
    );
    expect(first.body.data.total).toBe(total);
    expect(first.body.data.rows).toHaveLength(10);
    const ids = [...first.body.data.rows, ...second.body.data.rows].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toHaveLength(total);
    expect(first.body.data.rows.every((r) => r.point_name !== '')).toBe(true);
    const badLimit = await call(t.app, 'GET', `/device/cmd?device_id=${deviceId}&limit=7`, {
      token: operator.token,
    });
    expect(badLimit.body.code).toBe(10002);
  });

  it('asks the connection holder for a poll', async () => {
    const ok = await call<{ refreshed: boolean }>(t.app, 'GET', `/device/refresh/${deviceId}`, {
      token: operator.token,
    });
    expect(ok.body.data).toEqual({ refreshed: true });
    const none = await call<{ refreshed: boolean }>(t.app, 'GET', `/device/refresh/${otherDeviceId}`, {
      token: operator.token,
    });
    expect(none.body.data).toEqual({ refreshed: false });
  });
});
