import type { CsqReport, ListResult, OnofflineLogRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { deviceGrants } from '../devices/devices.table.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let otherTenant: Awaited<ReturnType<typeof createDeviceUser>>;
let assignee: Awaited<ReturnType<typeof createDeviceUser>>;
let deviceId: number;
let otherDeviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  otherTenant = await createDeviceUser(t, { userType: 2 });
  assignee = await createDeviceUser(t, { userType: 2 });
  const device = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Boiler room' });
  deviceId = device.id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: otherTenant.user.id })).id;
  await t.database.db.insert(deviceGrants).values({ deviceId, userId: assignee.user.id });

  const { presence } = t.runtime;
  await presence.connected(deviceId, 'mqtt', '198.51.100.4');
  t.clock.advance(60);
  await presence.disconnected(deviceId, 'mqtt', 'heartbeat');
  t.clock.advance(60);
  await presence.connected(deviceId, 'dtu');
  await presence.connected(otherDeviceId, 'http');
});
afterAll(async () => {
  await t?.close();
});

const logOf = (token: string, query = '') =>
  call<ListResult<OnofflineLogRow>>(t.app, 'GET', `/device/onofflinelog?page=1&limit=10${query}`, { token });

describe('GET /device/onofflinelog', () => {
  it('lists the log of the devices in scope, newest first, with filters', async () => {
    const res = await logOf(owner.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.rows.map((r) => [r.status, r.via, r.reason])).toEqual([
      [1, 'dtu', ''],
      [0, 'mqtt', 'heartbeat'],
      [1, 'mqtt', ''],
    ]);
    expect(res.body.data.rows[2]).toMatchObject({
      device_id: deviceId,
      device_title: 'Boiler room',
      remote_address: '198.51.100.4',
    });
    expect((await logOf(owner.token, '&status=0')).body.data.rows.map((r) => r.reason)).toEqual([
      'heartbeat',
    ]);
    expect((await logOf(owner.token, '&search=boiler')).body.data.total).toBe(3);
    expect((await logOf(owner.token, '&search=nothing-like-it')).body.data.total).toBe(0);
    const since = new Date(t.clock().getTime() - 30_000).toISOString();
    expect((await logOf(owner.token, `&starttime=${encodeURIComponent(since)}`)).body.data.total).toBe(1);
    expect((await logOf(owner.token, '&status=3')).body.code).toBe(10002);
  });

  it('shows another tenant nothing of it, and an assignee its assigned device', async () => {
    const other = await logOf(otherTenant.token);
    expect(other.body.data.rows.every((r) => r.device_id === otherDeviceId)).toBe(true);
    expect((await logOf(otherTenant.token, `&device_id=${deviceId}`)).body.data).toEqual({
      rows: [],
      total: 0,
    });
    expect((await logOf(assignee.token)).body.data.total).toBe(3);
  });

  it('needs one of the connectivity permissions', async () => {
    const plain = await createUser(t.database, { userType: 2 });
    const res = await logOf(await tokenFor(t.app, plain.username, plain.password));
    expect(res.body.code).toBe(10001);
  });
});

describe('DELETE /device/onofflinelog/{id}', () => {
  it('owner side only: other tenants get 404, assignees 403, the owner deletes', async () => {
    const [newest] = (await logOf(owner.token)).body.data.rows;
    const url = `/device/onofflinelog/${newest!.id}`;
    const foreign = await call(t.app, 'DELETE', url, { token: otherTenant.token });
    expect([foreign.status, foreign.body.code]).toEqual([404, 50000]);
    const assigned = await call(t.app, 'DELETE', url, { token: assignee.token });
    expect([assigned.status, assigned.body.code]).toEqual([403, 10001]);
    expect((await call(t.app, 'DELETE', url, { token: owner.token })).body).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await logOf(owner.token)).body.data.total).toBe(2);
    expect((await call(t.app, 'DELETE', url, { token: owner.token })).status).toBe(404);
  });
});

describe('GET /device/csq/{id}', () => {
  it('answers none before any report, then the latest value, its level and the history', async () => {
    const empty = await call<CsqReport>(t.app, 'GET', `/device/csq/${deviceId}`, { token: owner.token });
    expect(empty.body.data).toEqual({ csq: null, at: null, level: 'none', history: [] });

    await t.runtime.presence.reportCsq(deviceId, 8);
    t.clock.advance(120);
    await t.runtime.presence.reportCsq(deviceId, 21);
    const res = await call<CsqReport>(t.app, 'GET', `/device/csq/${deviceId}`, { token: owner.token });
    expect(res.body.data).toMatchObject({ csq: 21, level: 'excellent', at: t.clock().toISOString() });
    expect(res.body.data.history.map((h) => h.csq)).toEqual([8, 21]);

    const narrow = await call<CsqReport>(
      t.app,
      'GET',
      `/device/csq/${deviceId}?starttime=${encodeURIComponent(new Date(t.clock().getTime() - 60_000).toISOString())}`,
      { token: owner.token },
    );
    expect(narrow.body.data.history.map((h) => h.csq)).toEqual([21]);
    const assigned = await call<CsqReport>(t.app, 'GET', `/device/csq/${deviceId}`, {
      token: assignee.token,
    });
    expect(assigned.body.data.csq).toBe(21);
  });

  it('404 outside the scope', async () => {
    const res = await call(t.app, 'GET', `/device/csq/${deviceId}`, { token: otherTenant.token });
    expect([res.status, res.body.code]).toEqual([404, 50000]);
  });
});
