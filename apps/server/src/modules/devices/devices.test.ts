import type { DeviceCreated, DeviceCredentials, DeviceDetail, DeviceRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDevicesRepository } from './devices.repository.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let sibling: Awaited<ReturnType<typeof createDeviceUser>>;
const deviceCount = () => createDevicesRepository(t.database.db).count();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  sibling = await createDeviceUser(t, { userType: 2 });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /device', () => {
  it('creates a gateway by IMEI with its own credentials', async () => {
    const imei = nextImei();
    const res = await call<DeviceCreated>(t.app, 'POST', '/device', {
      token: owner.token,
      body: {
        device_imei: imei,
        device_title: 'Pump house',
        gateway_protocol: 'Modbus_RTU',
        lat: 31.2,
        lng: 121.5,
      },
    });
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data).toMatchObject({
      device_imei: imei,
      device_title: 'Pump house',
      protocol: 1,
      gateway_protocol: 'Modbus_RTU',
      device_class: 'DTUGW',
      owner_user_id: owner.user.id,
      status: 0,
      alarm_type: 0,
      assigned: false,
    });
    // The creation shows the plain secrets, this once.
    const shown = res.body.data.credentials!;
    expect(res.headers['cache-control']).toBe('no-store');
    expect(shown.imei).toBe(imei);
    expect(shown.mqtt_username).toBe(imei);
    expect(shown.dtu_registration).toMatch(new RegExp(`^REG,${imei},[0-9a-f]{32}$`));
    expect(shown.http_key).toMatch(/^[0-9a-f]{32}$/);
    expect(shown.mqtt_password?.length).toBeGreaterThanOrEqual(24);
    expect(shown.secrets_included).toBe(true);
    // Afterwards only the identity: the platform keeps hashes.
    const creds = await call<DeviceCredentials>(t.app, 'GET', `/device/${res.body.data.id}/credentials`, {
      token: owner.token,
    });
    expect(creds.body.data).toEqual({
      imei,
      mqtt_username: imei,
      mqtt_password: null,
      dtu_registration: null,
      http_key: null,
      secrets_included: false,
    });
  });

  it('derives class DT for MQTT and answers distinct credentials per device', async () => {
    const a = await call<DeviceCreated>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), protocol: 3 },
    });
    const b = await call<DeviceCreated>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), protocol: 3 },
    });
    expect(a.body.data.device_class).toBe('DT');
    const ca = a.body.data.credentials!;
    const cb = b.body.data.credentials!;
    expect(ca.mqtt_password).toBeTruthy();
    expect(ca.mqtt_password).not.toBe(cb.mqtt_password);
    expect(ca.dtu_registration).not.toBe(cb.dtu_registration);
  });

  it.each([
    [{ device_imei: '123' }, 'body.device_imei'],
    [{ device_imei: '861234567890123', protocol: 42 }, 'body.protocol'],
    [{ device_imei: '861234567890124', gateway_protocol: 'Profibus' }, 'body.gateway_protocol'],
    [
      { device_imei: '861234567890125', protocol: 5, gateway_protocol: 'Omron_Fins_TCP' },
      'body.gateway_protocol',
    ],
    [{ device_imei: '8612345678', legacy_registration: true }, 'body.legacy_registration'],
    [{ device_imei: '861234567890126', model_id: 999999 }, 'body.model_id'],
    [{ device_title: 'no identity' }, 'body.device_imei'],
    [{ device_imei: '861234567890127', owner_user_id: 1 }, 'body.owner_user_id'],
    [{ device_imei: '861234567890128', heartbeat: '0xF' }, 'body.heartbeat: hex heartbeat needs an even'],
    [{ device_imei: '861234567890129', heartbeat: '0xZZ' }, 'body.heartbeat'],
    [{ device_imei: '861234567890130', heartbeat: 'x'.repeat(65) }, 'body.heartbeat'],
    [{ device_imei: '861234567890131', heartbeat_interval_s: 86401 }, 'body.heartbeat_interval_s'],
    [{ device_imei: '861234567890132', heartbeat_interval_s: -1 }, 'body.heartbeat_interval_s'],
  ])('refuses %j with 10002 naming %s, storing nothing', async (body, field) => {
    const before = await deviceCount();
    const res = await call(t.app, 'POST', '/device', { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toContain(field);
    expect(await deviceCount()).toBe(before);
  });

  it('refuses a duplicate IMEI, even one of another tenant', async () => {
    const existing = await createDevice(t.database, { ownerUserId: sibling.user.id });
    const before = await deviceCount();
    const res = await call(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: existing.imei },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/body\.device_imei: .*already registered/);
    expect(await deviceCount()).toBe(before);
  });

  it('answers 20000 beyond the owner device_limit', async () => {
    const limited = await createDeviceUser(t, { deviceLimit: 1 });
    const first = await call(t.app, 'POST', '/device', {
      token: limited.token,
      body: { device_imei: nextImei() },
    });
    expect(first.body.code).toBe(0);
    const before = await deviceCount();
    const second = await call(t.app, 'POST', '/device', {
      token: limited.token,
      body: { device_imei: nextImei() },
    });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe(20000);
    expect(second.body.data).toMatch(/device limit/);
    expect(await deviceCount()).toBe(before);
  });

  it('supports legacy bare-IMEI registration only when marked', async () => {
    const imei = '869876543210987';
    const res = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: imei, legacy_registration: true },
    });
    const creds = await call<DeviceCredentials>(t.app, 'GET', `/device/${res.body.data.id}/credentials`, {
      token: owner.token,
    });
    expect(creds.body.data.dtu_registration).toBe(imei);
  });
});

describe('heartbeat fields', () => {
  it('defaults to no content every 120 s, stores text or hex content and an interval, and shows csq', async () => {
    const created = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), gateway_protocol: 'Modbus_RTU' },
    });
    expect(created.body.data).toMatchObject({ heartbeat: '', heartbeat_interval_s: 120, csq: null });
    const withHex = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), heartbeat: '0xFE01', heartbeat_interval_s: 60 },
    });
    expect(withHex.body.data).toMatchObject({ heartbeat: '0xFE01', heartbeat_interval_s: 60 });
    const id = created.body.data.id;
    const updated = await call<DeviceRow>(t.app, 'PUT', `/device/${id}`, {
      token: owner.token,
      body: { heartbeat: 'PING', heartbeat_interval_s: 0 },
    });
    expect(updated.body.data).toMatchObject({ heartbeat: 'PING', heartbeat_interval_s: 0 });
    const bad = await call(t.app, 'PUT', `/device/${id}`, {
      token: owner.token,
      body: { heartbeat: '0x123' },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('body.heartbeat: ');
    const cleared = await call<DeviceRow>(t.app, 'PUT', `/device/${id}`, {
      token: owner.token,
      body: { heartbeat: '' },
    });
    expect(cleared.body.data).toMatchObject({ heartbeat: '', heartbeat_interval_s: 0 });
  });
});

describe('GET /device', () => {
  it('filters by status, search, protocol and pages', async () => {
    const tenant = await createDeviceUser(t);
    const repo = createDevicesRepository(t.database.db);
    const online = await createDevice(t.database, { ownerUserId: tenant.user.id, title: 'Boiler A' });
    const alarm = await createDevice(t.database, { ownerUserId: tenant.user.id, title: 'Boiler B' });
    const offline = await createDevice(t.database, {
      ownerUserId: tenant.user.id,
      title: 'Chiller',
      protocol: 3,
    });
    await repo.update(online.id, { status: 1, alarmType: 0 });
    await repo.update(alarm.id, { status: 1, alarmType: 1 });
    const ids = async (query: string) => {
      const res = await call<{ rows: DeviceRow[]; total: number }>(t.app, 'GET', `/device?${query}`, {
        token: tenant.token,
      });
      expect(res.body.code).toBe(0);
      return res.body.data.rows.map((r) => r.id).sort();
    };
    expect(await ids('')).toEqual([online.id, alarm.id, offline.id].sort());
    expect(await ids('status=')).toHaveLength(3);
    expect(await ids('status=1')).toEqual([online.id]);
    expect(await ids('status=2')).toEqual([alarm.id]);
    expect(await ids('status=0')).toEqual([offline.id]);
    expect(await ids('search=boiler')).toEqual([online.id, alarm.id].sort());
    expect(await ids(`search=${offline.imei.slice(3, 12)}`)).toEqual([offline.id]);
    expect(await ids('protocol=3')).toEqual([offline.id]);
    const page = await call<{ rows: DeviceRow[]; total: number }>(t.app, 'GET', '/device?limit=10&page=2', {
      token: tenant.token,
    });
    expect(page.body.data).toEqual({ rows: [], total: 3 });
    const bad = await call(t.app, 'GET', '/device?limit=7', { token: tenant.token });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('query.limit');
  });
});

describe('GET/PUT/DELETE /device/{id}, batch, isDeviceCreate', () => {
  it('reads, updates, re-derives the class and deletes', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    const got = await call<DeviceDetail>(t.app, 'GET', `/device/${d.id}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ id: d.id, ports: [], slave_count: 0, point_count: 0 });
    const put = await call<DeviceRow>(t.app, 'PUT', `/device/${d.id}`, {
      token: owner.token,
      body: {
        device_title: 'Renamed',
        protocol: 6,
        remark: 'r',
        expire_at: '2030-01-01T00:00:00Z',
      },
    });
    expect(put.body.data).toMatchObject({
      device_title: 'Renamed',
      device_class: 'DT',
      remark: 'r',
    });
    expect(put.body.data.expire_at).toBe('2030-01-01T00:00:00.000Z');
    const imeiChange = await call(t.app, 'PUT', `/device/${d.id}`, {
      token: owner.token,
      body: { device_imei: '1234567' },
    });
    expect(imeiChange.body.msg).toBe('body.device_imei: unknown field');
    const badProtocol = await call(t.app, 'PUT', `/device/${d.id}`, {
      token: owner.token,
      body: { protocol: 0 },
    });
    expect(badProtocol.body.msg).toContain('body.protocol');
    const exists = await call<{ exists: boolean }>(t.app, 'GET', `/device/isDeviceCreate/${d.imei}`, {
      token: owner.token,
    });
    expect(exists.body.data.exists).toBe(true);
    const del = await call(t.app, 'DELETE', `/device/${d.id}`, { token: owner.token });
    expect(del.body.code).toBe(0);
    expect((await call(t.app, 'GET', `/device/${d.id}`, { token: owner.token })).status).toBe(404);
    const gone = await call<{ exists: boolean }>(t.app, 'GET', `/device/isDeviceCreate/${d.imei}`, {
      token: owner.token,
    });
    expect(gone.body.data.exists).toBe(false);
  });

  it('batch-updates and batch-deletes only devices in scope', async () => {
    const a = await createDevice(t.database, { ownerUserId: owner.user.id });
    const b = await createDevice(t.database, { ownerUserId: owner.user.id });
    const foreign = await createDevice(t.database, { ownerUserId: sibling.user.id });
    const upd = await call<{ updated: number }>(t.app, 'POST', '/device/batch', {
      token: owner.token,
      body: { ids: [a.id, b.id], update: { remark: 'batch' } },
    });
    expect(upd.body.data.updated).toBe(2);
    const mixed = await call(t.app, 'POST', '/device/batch', {
      token: owner.token,
      body: { ids: [a.id, foreign.id], update: { remark: 'x' } },
    });
    expect(mixed.status).toBe(404);
    const del = await call<{ updated: number }>(t.app, 'POST', '/device/batch', {
      token: owner.token,
      body: { ids: [a.id, b.id], delete: true },
    });
    expect(del.body.data.updated).toBe(2);
  });

  it('rotates credentials', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    const before = await call<DeviceCredentials>(t.app, 'GET', `/device/${d.id}/credentials`, {
      token: owner.token,
    });
    expect(before.body.data.secrets_included).toBe(false);
    const after = await call<DeviceCredentials>(t.app, 'POST', `/device/${d.id}/credentials/rotate`, {
      token: owner.token,
    });
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.body.data.imei).toBe(d.imei);
    expect(after.body.data.secrets_included).toBe(true);
    expect(after.body.data.mqtt_password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(after.body.data.mqtt_password).not.toBe(d.mqttPassword);
    expect(after.body.data.http_key).not.toBe(d.httpKey);
    expect(after.body.data.dtu_registration).toMatch(new RegExp(`^REG,${d.imei},[0-9a-f]{32}$`));
    expect(after.body.data.dtu_registration).not.toContain(d.dtuKey);
    // Shown once: reading again answers the identity only.
    const reread = await call<DeviceCredentials>(t.app, 'GET', `/device/${d.id}/credentials`, {
      token: owner.token,
    });
    expect(reread.body.data).toEqual(before.body.data);
  });
});

describe('tenant scoping', () => {
  it('hides a device from a sibling tenant on every id route and in lists', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id, title: 'secret-device' });
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', `/device/${d.id}`],
      ['PUT', `/device/${d.id}`, { remark: 'x' }],
      ['DELETE', `/device/${d.id}`],
      ['GET', `/device/${d.id}/credentials`],
      ['POST', `/device/${d.id}/credentials/rotate`],
      ['GET', `/device/reallocation/${d.id}`],
      ['POST', `/device/${d.id}/assign`, { user_id: sibling.user.id }],
      ['POST', `/device/${d.id}/transfer`, { user_id: sibling.user.id }],
      ['GET', `/device/${d.id}/port`],
      ['POST', `/device/${d.id}/port`, { name: 'COM1' }],
      ['GET', `/device/${d.id}/slavedevice`],
      ['POST', `/device/${d.id}/slavedevice`, { name: 's', slave_id: 1 }],
      ['GET', `/device/${d.id}/slavedevice/export`],
      ['GET', `/device/${d.id}/datapoint`],
      ['POST', `/device/${d.id}/datapoint`, { name: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(t.app, method, url, { token: sibling.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await call<{ rows: DeviceRow[] }>(t.app, 'GET', '/device?search=secret-device', {
      token: sibling.token,
    });
    expect(list.body.data.rows).toEqual([]);
    const batch = await call(t.app, 'POST', '/device/batch', {
      token: sibling.token,
      body: { ids: [d.id], delete: true },
    });
    expect(batch.status).toBe(404);
    const still = await call(t.app, 'GET', `/device/${d.id}`, { token: owner.token });
    expect(still.body.code).toBe(0);
  });

  it('lets the parent and its sub-account see a customer device, not the reverse', async () => {
    const customer = await createDeviceUser(t, { parentId: owner.user.id, userType: 3 });
    const sub = await createDeviceUser(t, { parentId: owner.user.id, userType: 2, isSubuser: true });
    const theirs = await createDevice(t.database, { ownerUserId: customer.user.id });
    const ours = await createDevice(t.database, { ownerUserId: owner.user.id });
    expect((await call(t.app, 'GET', `/device/${theirs.id}`, { token: owner.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', `/device/${theirs.id}`, { token: sub.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', `/device/${ours.id}`, { token: customer.token })).status).toBe(404);
  });

  it('assigns a device to a customer below, unassigns it and transfers it', async () => {
    const customer = await createDeviceUser(t, { parentId: owner.user.id, userType: 3 });
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    const realloc = await call<{ candidates: { user_id: number }[] }>(
      t.app,
      'GET',
      `/device/reallocation/${d.id}`,
      {
        token: owner.token,
      },
    );
    expect(realloc.body.data.candidates.map((c) => c.user_id)).toContain(customer.user.id);
    expect(realloc.body.data.candidates.map((c) => c.user_id)).not.toContain(sibling.user.id);
    const outside = await call(t.app, 'POST', `/device/${d.id}/assign`, {
      token: owner.token,
      body: { user_id: sibling.user.id },
    });
    expect(outside.body.msg).toContain('body.user_id');

    const assigned = await call<DeviceRow>(t.app, 'POST', `/device/${d.id}/assign`, {
      token: owner.token,
      body: { user_id: customer.user.id },
    });
    expect(assigned.body.code).toBe(0);
    const seen = await call<DeviceRow>(t.app, 'GET', `/device/${d.id}`, { token: customer.token });
    expect(seen.body.data.assigned).toBe(true);
    // An assignee works with the device but does not see its secrets.
    expect((await call(t.app, 'GET', `/device/${d.id}/credentials`, { token: customer.token })).status).toBe(
      403,
    );
    const unassigned = await call(t.app, 'POST', `/device/${d.id}/unassign`, {
      token: owner.token,
      body: { user_id: customer.user.id },
    });
    expect(unassigned.body.code).toBe(0);
    expect((await call(t.app, 'GET', `/device/${d.id}`, { token: customer.token })).status).toBe(404);

    const moved = await call<DeviceRow>(t.app, 'POST', `/device/${d.id}/transfer`, {
      token: owner.token,
      body: { user_id: customer.user.id },
    });
    expect(moved.body.data.owner_user_id).toBe(customer.user.id);
    const creds = await call(t.app, 'GET', `/device/${d.id}/credentials`, { token: customer.token });
    expect(creds.body.code).toBe(0);
  });

  it('binds a shared device by share code', async () => {
    const d = await createDevice(t.database, { ownerUserId: sibling.user.id });
    const res = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_sharecode: d.sharecode, device_title: 'Borrowed' },
    });
    expect(res.body.data).toMatchObject({ id: d.id, binder_devtitle: 'Borrowed', assigned: true });
    const again = await call(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_sharecode: d.sharecode },
    });
    expect(again.body.msg).toContain('body.device_sharecode');
  });

  it('needs DeviceManage', async () => {
    const { createUser, tokenFor } = await import('../../test-support/factories.js');
    const plain = await createUser(t.database, { userType: 2 });
    const token = await tokenFor(t.app, plain.username, plain.password);
    const res = await call(t.app, 'GET', '/device', { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(10001);
  });
});

describe('OpenAPI', () => {
  it('documents the device registry routes from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json();
    for (const path of [
      '/api/v1/device',
      '/api/v1/device/{id}',
      '/api/v1/device/{id}/credentials',
      '/api/v1/device/import',
      '/api/v1/device/{id}/datapoint/{pointId}',
      '/api/v1/device/{id}/slavedevice/batch',
      '/api/v1/device/template/{id}/apply',
      '/api/v1/device/model',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const point = doc.paths['/api/v1/device/{id}/datapoint'].post;
    expect(point.requestBody.content['application/json'].schema.properties).toHaveProperty('ds_config');
  });
});
