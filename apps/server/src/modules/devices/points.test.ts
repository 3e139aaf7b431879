import { type DataPointRow, type PortRow, type SlaveRow, translateValue } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createPointsRepository } from './points.repository.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let sibling: Awaited<ReturnType<typeof createDeviceUser>>;
let gatewayId: number;
const pointCount = () => createPointsRepository(t.database.db).countPoints();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t);
  sibling = await createDeviceUser(t);
  gatewayId = (await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'Modbus_RTU' }))
    .id;
});
afterAll(async () => {
  await t?.close();
});

describe('ports', () => {
  it('creates with SPEC 5 defaults, updates, validates and deletes', async () => {
    const created = await call<PortRow>(t.app, 'POST', `/device/${gatewayId}/port`, {
      token: owner.token,
      body: { name: 'COM1' },
    });
    expect(created.body.data).toMatchObject({
      name: 'COM1',
      baud: 9600,
      parity: 'N',
      uart_read_ms: 25,
      poll_interval_s: 10,
    });
    const id = created.body.data.id;
    const bad = await call(t.app, 'PUT', `/device/${gatewayId}/port/${id}`, {
      token: owner.token,
      body: { uart_read_ms: 5 },
    });
    expect(bad.body).toMatchObject({ code: 10002 });
    expect(bad.body.msg).toContain('body.uart_read_ms');
    const slow = await call(t.app, 'POST', `/device/${gatewayId}/port`, {
      token: owner.token,
      body: { name: 'COM2', poll_interval_s: 1 },
    });
    expect(slow.body.msg).toContain('body.poll_interval_s');
    const upd = await call<PortRow>(t.app, 'PUT', `/device/${gatewayId}/port/${id}`, {
      token: owner.token,
      body: { baud: 19200, parity: 'E' },
    });
    expect(upd.body.data).toMatchObject({ baud: 19200, parity: 'E' });
    const list = await call<PortRow[]>(t.app, 'GET', `/device/${gatewayId}/port`, { token: owner.token });
    expect(list.body.data).toHaveLength(1);
    expect(
      (
        await call(t.app, 'PUT', `/device/${gatewayId}/port/${id}`, {
          token: sibling.token,
          body: { baud: 9600 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/device/${gatewayId}/port/${id}`, { token: owner.token })).body.code,
    ).toBe(0);
  });
});

describe('slave devices and data points', () => {
  let slave1: SlaveRow;
  let pointId: number;

  it('creates slaves with unique ids 1-254', async () => {
    const port = await call<PortRow>(t.app, 'POST', `/device/${gatewayId}/port`, {
      token: owner.token,
      body: { name: 'COM1' },
    });
    const a = await call<SlaveRow>(t.app, 'POST', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
      body: { name: 'meter A', slave_id: 1, port_id: port.body.data.id },
    });
    expect(a.body.data).toMatchObject({ slave_id: 1, port_id: port.body.data.id, point_count: 0 });
    slave1 = a.body.data;
    await call(t.app, 'POST', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
      body: { name: 'meter B', slave_id: 2 },
    });
    const dup = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
      body: { name: 'x', slave_id: 1 },
    });
    expect(dup.body.msg).toMatch(/^body\.slave_id: /);
    const range = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
      body: { name: 'x', slave_id: 255 },
    });
    expect(range.body.msg).toMatch(/^body\.slave_id: /);
    const noPort = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
      body: { name: 'x', slave_id: 9, port_id: 999999 },
    });
    expect(noPort.body.msg).toMatch(/^body\.port_id: /);
    const renamed = await call<SlaveRow>(t.app, 'PUT', `/device/${gatewayId}/slavedevice/${slave1.id}`, {
      token: owner.token,
      body: { name: 'meter A1' },
    });
    expect(renamed.body.data.name).toBe('meter A1');
  });

  it('creates a Modbus point on a slave', async () => {
    const res = await call<DataPointRow>(t.app, 'POST', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
      body: {
        name: 'ua',
        slave_id: 1,
        area: '4X',
        address: 0,
        data_type: 'float',
        byte_order: 'CDAB',
        unit: 'V',
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: 'ua',
      slave_id: 1,
      area: '4X',
      address: 0,
      data_type: 'float',
      byte_order: 'CDAB',
      type: 0,
      storage_mode: 1,
      access: 'readonly',
      ds_config: { translate: [] },
      // Created without decimals: a float shows 2 (issue 16: 21.5 is not "22").
      decimals: 2,
    });
    pointId = res.body.data.id;
    // The same name on another slave is fine.
    const other = await call(t.app, 'POST', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
      body: { name: 'ua', slave_id: 2, area: '4X', address: 0, data_type: 'float' },
    });
    expect(other.body.code).toBe(0);
  });

  it.each([
    [{ name: 'p1', slave_id: 1, area: '4X', address: 65535, data_type: 'float' }, 'body.address'],
    [{ name: 'p2', slave_id: 1, area: '4X', address: 70000, data_type: 'uint16' }, 'body.address'],
    [{ name: 'p3', slave_id: 1, area: '0X', address: 1, data_type: 'float' }, 'body.data_type'],
    [{ name: 'p4', slave_id: 1, area: '1X', address: 1, data_type: 'int32' }, 'body.data_type'],
    [{ name: 'p5', slave_id: 1, area: '3X', address: 1, access: 'readwrite' }, 'body.access'],
    [
      { name: 'p6', slave_id: 1, area: '1X', address: 1, data_type: 'uint8', access: 'writeonly' },
      'body.access',
    ],
    [{ name: 'p7', slave_id: 1, area: 'DB', address: 1 }, 'body.area'],
    [{ name: 'p8', slave_id: 1, address: 1 }, 'body.area'],
    [{ name: 'p9', slave_id: 1, area: '4X', address: 1, data_type: 'string' }, 'body.register_count'],
    [{ name: 'p10', slave_id: 9, area: '4X', address: 1 }, 'body.slave_id'],
    [{ name: 'p11', slave_id: 255, area: '4X', address: 1 }, 'body.slave_id'],
    [{ name: 'ua', slave_id: 1, area: '4X', address: 8 }, 'body.name'],
    [{ name: 'p12', slave_id: 1, area: '4X', address: 1, data_type: 'bool' }, 'body.data_type'],
    [{ name: 'p13', slave_id: 1, area: '4X', address: 1, lolmt: 10, uplmt: 1 }, 'body.lolmt'],
    [{ name: 'p14', slave_id: 1, area: '4X', address: 1, storage_mode: 3 }, 'body.storage_mode'],
    [{ name: 'p15', slave_id: 1, area: '4X', address: 1, scale: 0 }, 'body.scale'],
  ])('refuses %j with 10002 naming %s, storing nothing', async (body, field) => {
    const before = await pointCount();
    const res = await call(t.app, 'POST', `/device/${gatewayId}/datapoint`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(10002);
    expect(res.body.msg.startsWith(`${field}:`), res.body.msg).toBe(true);
    expect(await pointCount()).toBe(before);
  });

  it('accepts a coil as a read-write bit and a string with its register count', async () => {
    const coil = await call(t.app, 'POST', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
      body: {
        name: 'relay',
        slave_id: 1,
        area: '0X',
        address: 3,
        data_type: 'uint8',
        access: 'readwrite',
        type: 1,
      },
    });
    expect(coil.body.code).toBe(0);
    const str = await call(t.app, 'POST', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
      body: { name: 'sn', slave_id: 1, area: '4X', address: 65530, data_type: 'string', register_count: 6 },
    });
    expect(str.body.code).toBe(0);
    const over = await call(t.app, 'POST', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
      body: { name: 'sn2', slave_id: 1, area: '4X', address: 65531, data_type: 'string', register_count: 6 },
    });
    expect(over.body.msg).toMatch(/^body\.address: /);
  });

  it('edits a point translation (SPEC 4 rules) and checks the ranges', async () => {
    const translate = [
      { range: { lolmt: 0, uplmt: 0 }, text: 'stopped' },
      { range: { lolmt: 1, uplmt: 10 }, text: 'running' },
    ];
    const res = await call<DataPointRow>(t.app, 'PUT', `/device/${gatewayId}/datapoint/${pointId}`, {
      token: owner.token,
      body: { ds_config: { translate }, title: 'Voltage A' },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      title: 'Voltage A',
      ds_config: { translate },
      area: '4X',
      data_type: 'float',
    });
    const list = await call<{ rows: DataPointRow[] }>(
      t.app,
      'GET',
      `/device/${gatewayId}/datapoint?slave_id=1`,
      {
        token: owner.token,
      },
    );
    const stored = list.body.data.rows.find((p) => p.id === pointId)!;
    expect(translateValue(0, stored.ds_config.translate)).toBe('stopped');
    expect(translateValue(5, stored.ds_config.translate)).toBe('running');
    expect(translateValue(10, stored.ds_config.translate)).toBeNull();
    const bad = await call(t.app, 'PUT', `/device/${gatewayId}/datapoint/${pointId}`, {
      token: owner.token,
      body: { ds_config: { translate: [{ range: { lolmt: 5, uplmt: 1 }, text: 'x' }] } },
    });
    expect(bad.body.msg).toMatch(/^body\.ds_config\.translate\.0\.range: /);
    const badArea = await call(t.app, 'PUT', `/device/${gatewayId}/datapoint/${pointId}`, {
      token: owner.token,
      body: { area: '0X' },
    });
    expect(badArea.body.msg).toMatch(/^body\.data_type: /);
  });

  it('keeps points invisible and unchangeable to a sibling tenant', async () => {
    for (const [method, body] of [
      ['PUT', { title: 'hacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/device/${gatewayId}/datapoint/${pointId}`, {
        token: sibling.token,
        body,
      });
      expect(res.status).toBe(404);
    }
    const own = await createDevice(t.database, {
      ownerUserId: sibling.user.id,
      gatewayProtocol: 'Modbus_RTU',
    });
    // A point id of another device answers 404 under one's own device too.
    const cross = await call(t.app, 'PUT', `/device/${own.id}/datapoint/${pointId}`, {
      token: sibling.token,
      body: { title: 'x' },
    });
    expect(cross.status).toBe(404);
  });

  it('lets direct devices and PLCs use their own area rules', async () => {
    const mqtt = await createDevice(t.database, { ownerUserId: owner.user.id, protocol: 3 });
    const slave = await call(t.app, 'POST', `/device/${mqtt.id}/slavedevice`, {
      token: owner.token,
      body: { name: 's', slave_id: 1 },
    });
    expect(slave.body.msg).toMatch(/^body\.slave_id: slave devices belong to gateways/);
    const free = await call(t.app, 'POST', `/device/${mqtt.id}/datapoint`, {
      token: owner.token,
      body: { name: 'temp', data_type: 'float' },
    });
    expect(free.body.code).toBe(0);
    const s7 = await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'S7-1200' });
    const noDb = await call(t.app, 'POST', `/device/${s7.id}/datapoint`, {
      token: owner.token,
      body: { name: 'x', area: 'DB', address: 0 },
    });
    expect(noDb.body.msg).toMatch(/^body\.db_number: /);
    const db = await call(t.app, 'POST', `/device/${s7.id}/datapoint`, {
      token: owner.token,
      body: { name: 'x', area: 'DB', db_number: 1, address: 0, data_type: 'float' },
    });
    expect(db.body.code).toBe(0);
    const fx = await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'FX3U' });
    const xFloat = await call(t.app, 'POST', `/device/${fx.id}/datapoint`, {
      token: owner.token,
      body: { name: 'x0', area: 'X', address: 0, data_type: 'float' },
    });
    expect(xFloat.body.msg).toMatch(/^body\.data_type: /);
    const modbusOnPlc = await call(t.app, 'POST', `/device/${fx.id}/datapoint`, {
      token: owner.token,
      body: { name: 'd0', area: '4X', address: 0 },
    });
    expect(modbusOnPlc.body.msg).toMatch(/^body\.area: /);
  });

  it('deletes a point and a slave with its points', async () => {
    expect(
      (await call(t.app, 'DELETE', `/device/${gatewayId}/datapoint/${pointId}`, { token: owner.token })).body
        .code,
    ).toBe(0);
    expect(
      (await call(t.app, 'DELETE', `/device/${gatewayId}/datapoint/${pointId}`, { token: owner.token }))
        .status,
    ).toBe(404);
    await call(t.app, 'DELETE', `/device/${gatewayId}/slavedevice/${slave1.id}`, { token: owner.token });
    const left = await call<{ rows: DataPointRow[] }>(t.app, 'GET', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
    });
    expect(left.body.data.rows.every((p) => p.slave_id === 2)).toBe(true);
  });
});
