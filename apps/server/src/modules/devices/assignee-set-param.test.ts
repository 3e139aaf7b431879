import type { DeviceRow, PortRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createRole, createUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

type Caller = { id: number; token: string };
let t: TestApp;
/** Owner side: agent A and its sub-account S (neither holds Device/setParam). */
let a: Caller;
let s: Caller;
/** Customers of A the gateway is assigned to: V without, P with Device/setParam. */
let viewer: Caller;
let setter: Caller;
let gatewayId: number;

async function user(permissions: string[], parentId: number | null, isSubuser = false): Promise<Caller> {
  const role = await createRole(t.database, {
    ownerUserId: null,
    name: `p-${Math.random().toString(36).slice(2, 10)}`,
    permissions,
  });
  const u = await createUser(t.database, { userType: 2, parentId, isSubuser, roleIds: [role] });
  return { id: u.id, token: await tokenFor(t.app, u.username, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await user(['DeviceManage'], null);
  s = await user(['DeviceManage'], a.id, true);
  viewer = await user(['DeviceManage', 'Device/view'], a.id);
  setter = await user(['DeviceManage', 'Device/view', 'Device/setParam'], a.id);
  gatewayId = (await createDevice(t.database, { ownerUserId: a.id, gatewayProtocol: 'Modbus_RTU' })).id;
  for (const who of [viewer, setter])
    await call(t.app, 'POST', `/device/${gatewayId}/assign`, { token: a.token, body: { user_id: who.id } });
});
afterAll(async () => {
  await t?.close();
});

/** Every configuration change an assignee might try. */
async function configure(who: Caller) {
  const req = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: who.token, body });
  const port = await req('POST', `/device/${gatewayId}/port`, { name: `p${who.id}` });
  const slave = await req('POST', `/device/${gatewayId}/slavedevice`, {
    name: 's',
    slave_id: (who.id % 200) + 1,
  });
  const point = await req('POST', `/device/${gatewayId}/datapoint`, {
    name: `n${who.id}`,
    area: '4X',
    address: 1,
  });
  const put = await req('PUT', `/device/${gatewayId}`, { remark: `by ${who.id}` });
  const batch = await req('POST', '/device/batch', {
    ids: [gatewayId],
    update: { remark: `batch ${who.id}` },
  });
  return { port, slave, point, put, batch };
}

describe('Device/setParam for assignees', () => {
  it('an assignee without Device/setParam reads but cannot change the configuration', async () => {
    const read = await call<DeviceRow>(t.app, 'GET', `/device/${gatewayId}`, { token: viewer.token });
    expect(read.body.data).toMatchObject({ id: gatewayId, assigned: true });
    const ports = await call<PortRow[]>(t.app, 'GET', `/device/${gatewayId}/port`, { token: viewer.token });
    expect(ports.body.code).toBe(0);
    const tried = await configure(viewer);
    for (const [name, res] of Object.entries(tried)) {
      expect(res.status, name).toBe(403);
      expect(res.body.code, name).toBe(10001);
    }
    const batch = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice/batch`, {
      token: viewer.token,
      body: { gateway_temp_id: 1 },
    });
    expect(batch.body.code).toBe(10001);
    const after = await call<DeviceRow>(t.app, 'GET', `/device/${gatewayId}`, { token: a.token });
    expect(after.body.data.remark).toBe('');
  });

  it('an assignee without Device/setParam cannot rebuild the device from a template either', async () => {
    const templater = await user(['DeviceManage', 'DeviceTemplate', 'Device/view'], a.id);
    await call(t.app, 'POST', `/device/${gatewayId}/assign`, {
      token: a.token,
      body: { user_id: templater.id },
    });
    const list = await call<{ rows: Array<{ id: number; builtin: boolean }> }>(
      t.app,
      'GET',
      '/device/template',
      {
        token: templater.token,
      },
    );
    const meter = list.body.data.rows.find((r) => r.builtin);
    expect(meter).toBeDefined();
    const applied = await call(t.app, 'POST', `/device/template/${meter!.id}/apply`, {
      token: templater.token,
      body: { device_ids: [gatewayId] },
    });
    expect(applied.body.code).toBe(10001);
    const slaves = await call<unknown[]>(t.app, 'GET', `/device/${gatewayId}/slavedevice`, {
      token: a.token,
    });
    expect(slaves.body.data).toEqual([]);
  });

  it('an assignee with Device/setParam and the owner side (without it) configure', async () => {
    for (const who of [setter, a, s]) {
      const done = await configure(who);
      for (const [name, res] of Object.entries(done)) expect(res.body.code, `${who.id} ${name}`).toBe(0);
    }
    // Unbinding stays open to a plain assignee: it only removes its own access.
    expect((await call(t.app, 'DELETE', `/device/${gatewayId}`, { token: viewer.token })).body.code).toBe(0);
    expect((await call(t.app, 'GET', `/device/${gatewayId}`, { token: a.token })).body.code).toBe(0);
  });
});
