import type { DataPointRow, DeviceRow, ModelRow, SlaveRow, TemplateRow } from '@fleet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser, nextImei, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { METER_POINTS, METER_TEMPLATE_NAME } from './meter-catalogue.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let sibling: Awaited<ReturnType<typeof createDeviceUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t);
  sibling = await createDeviceUser(t);
});
afterAll(async () => {
  await t?.close();
});

const twoSlaveTemplate = {
  name: 'Two meters',
  kind: 'gateway',
  gateway_protocol: 'Modbus_RTU',
  slaves: [
    {
      name: 'meter 1',
      slave_id: 1,
      points: [
        { name: 'ua', area: '4X', address: 0, data_type: 'float', unit: 'V' },
        { name: 'run', area: '0X', address: 0, data_type: 'uint8', access: 'readwrite', type: 1 },
      ],
    },
    {
      name: 'meter 2',
      slave_id: 2,
      points: [
        { name: 'ua', area: '4X', address: 0, data_type: 'float', unit: 'V' },
        { name: 'ia', area: '3X', address: 6, data_type: 'float', unit: 'A' },
      ],
    },
  ],
  points: [],
};

describe('gateway templates', () => {
  let templateId: number;
  let gatewayId: number;

  it('validates the points of a template, naming the field', async () => {
    const bad = structuredClone(twoSlaveTemplate);
    bad.slaves[1]!.points[1]!.data_type = 'double';
    (bad.slaves[1]!.points[1] as Record<string, unknown>).area = '1X';
    const res = await call(t.app, 'POST', '/device/template', { token: owner.token, body: bad });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/^body\.slaves\.1\.points\.1\.data_type: /);
    const dupSlave = structuredClone(twoSlaveTemplate);
    dupSlave.slaves[1]!.slave_id = 1;
    const dup = await call(t.app, 'POST', '/device/template', { token: owner.token, body: dupSlave });
    expect(dup.body.msg).toMatch(/^body\.slaves\.1\.slave_id: /);
  });

  it('applies a template with two Modbus slaves to a gateway', async () => {
    const created = await call<TemplateRow>(t.app, 'POST', '/device/template', {
      token: owner.token,
      body: twoSlaveTemplate,
    });
    expect(created.body.data).toMatchObject({ version: 1, slave_count: 2, point_count: 4, builtin: false });
    templateId = created.body.data.id;
    gatewayId = (
      await createDevice(t.database, { ownerUserId: owner.user.id, gatewayProtocol: 'Modbus_RTU' })
    ).id;
    const applied = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice/batch`, {
      token: owner.token,
      body: { gateway_temp_id: templateId, mode: 'save' },
    });
    expect(applied.body).toMatchObject({ code: 0, data: { slaves: 2, points: 4 } });
    const slaves = await call<SlaveRow[]>(t.app, 'GET', `/device/${gatewayId}/slavedevice`, {
      token: owner.token,
    });
    expect(slaves.body.data.map((s) => [s.slave_id, s.point_count, s.template_id])).toEqual([
      [1, 2, templateId],
      [2, 2, templateId],
    ]);
    const points = await call<{ rows: DataPointRow[] }>(t.app, 'GET', `/device/${gatewayId}/datapoint`, {
      token: owner.token,
    });
    expect(points.body.data.rows.map((p) => `${p.slave_id}:${p.name}`).sort()).toEqual([
      '1:run',
      '1:ua',
      '2:ia',
      '2:ua',
    ]);
    const device = await call<DeviceRow>(t.app, 'GET', `/device/${gatewayId}`, { token: owner.token });
    expect(device.body.data).toMatchObject({ template_id: templateId, template_version: 1 });
    const again = await call(t.app, 'POST', `/device/${gatewayId}/slavedevice/batch`, {
      token: owner.token,
      body: { gateway_temp_id: templateId, mode: 'save' },
    });
    expect(again.body.msg).toMatch(/^body\.gateway_temp_id: slave 1 already exists/);
  });

  it('edits the translation of a point built from the template', async () => {
    const points = await call<{ rows: DataPointRow[] }>(
      t.app,
      'GET',
      `/device/${gatewayId}/datapoint?slave_id=1`,
      {
        token: owner.token,
      },
    );
    const run = points.body.data.rows.find((p) => p.name === 'run')!;
    const translate = [
      { range: { lolmt: 0, uplmt: 0 }, text: 'off' },
      { range: { lolmt: 1, uplmt: 1 }, text: 'on' },
    ];
    const res = await call<DataPointRow>(t.app, 'PUT', `/device/${gatewayId}/datapoint/${run.id}`, {
      token: owner.token,
      body: { ds_config: { translate } },
    });
    expect(res.body.data.ds_config.translate).toEqual(translate);
  });

  it('versions a changed template and updates the selected devices', async () => {
    const next = structuredClone(twoSlaveTemplate);
    next.slaves[0]!.points.push({ name: 'freq', area: '4X', address: 30, data_type: 'float', unit: 'Hz' });
    const upd = await call<TemplateRow>(t.app, 'PUT', `/device/template/${templateId}`, {
      token: owner.token,
      body: { slaves: next.slaves },
    });
    expect(upd.body.data).toMatchObject({ version: 2, point_count: 5, outdated_devices: 1 });
    const devices = await call<{ id: number; outdated: boolean }[]>(
      t.app,
      'GET',
      `/device/template/${templateId}/devices`,
      {
        token: owner.token,
      },
    );
    expect(devices.body.data).toEqual([
      expect.objectContaining({ id: gatewayId, outdated: true, template_version: 1 }),
    ]);
    const applied = await call(t.app, 'POST', `/device/template/${templateId}/apply`, {
      token: owner.token,
      body: { device_ids: [gatewayId] },
    });
    expect(applied.body.data).toEqual({ devices: 1, slaves: 2, points: 5 });
    const after = await call<DeviceRow>(t.app, 'GET', `/device/${gatewayId}`, { token: owner.token });
    expect(after.body.data.template_version).toBe(2);
    const foreign = await call(t.app, 'POST', `/device/template/${templateId}/apply`, {
      token: sibling.token,
      body: { device_ids: [gatewayId] },
    });
    expect(foreign.status).toBe(404);
  });

  it('exports the slaves and points as xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device/${gatewayId}/slavedevice/export?gateway_temp_id=${templateId}`,
      headers: { 'x-token': owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('slaves')!.rowCount).toBe(3);
    expect(wb.getWorksheet('points')!.rowCount).toBe(6);
  });

  it('keeps a template private to its owner side', async () => {
    expect(
      (await call(t.app, 'GET', `/device/template/${templateId}`, { token: sibling.token })).status,
    ).toBe(404);
    const list = await call<{ rows: TemplateRow[] }>(t.app, 'GET', '/device/template', {
      token: sibling.token,
    });
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(templateId);
    const batch = await call(
      t.app,
      'POST',
      `/device/${(await createDevice(t.database, { ownerUserId: sibling.user.id })).id}/slavedevice/batch`,
      {
        token: sibling.token,
        body: { gateway_temp_id: templateId },
      },
    );
    expect(batch.body.msg).toMatch(/^body\.gateway_temp_id: /);
  });
});

describe('meter catalogue', () => {
  it('is a platform template every tenant sees and applies, only the admin edits', async () => {
    const list = await call<{ rows: TemplateRow[] }>(t.app, 'GET', '/device/template?kind=gateway', {
      token: sibling.token,
    });
    const meter = list.body.data.rows.find((r) => r.name === METER_TEMPLATE_NAME)!;
    expect(meter).toMatchObject({ builtin: true, owner_user_id: null, point_count: METER_POINTS.length });
    const names = meter.slaves[0]!.points.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['ua', 'ia', 'p', 'ep', 'ep_peak', 'freq', 'balance', 'trip']),
    );
    const trip = meter.slaves[0]!.points.find((p) => p.name === 'trip')!;
    expect(trip).toMatchObject({ area: '0X', access: 'readwrite' });
    const edit = await call(t.app, 'PUT', `/device/template/${meter.id}`, {
      token: sibling.token,
      body: { name: 'mine' },
    });
    expect(edit.status).toBe(403);
    const gw = await createDevice(t.database, {
      ownerUserId: sibling.user.id,
      gatewayProtocol: 'Modbus_TCP',
    });
    const applied = await call(t.app, 'POST', `/device/${gw.id}/slavedevice/batch`, {
      token: sibling.token,
      body: { gateway_temp_id: meter.id },
    });
    expect(applied.body.data).toEqual({ slaves: 1, points: METER_POINTS.length });
    const admin = await tokenFor(t.app, 'admin', t.adminPassword);
    const direct = await createDevice(t.database, { ownerUserId: sibling.user.id, protocol: 3 });
    const onDirect = await call(t.app, 'POST', `/device/${direct.id}/slavedevice/batch`, {
      token: sibling.token,
      body: { gateway_temp_id: meter.id },
    });
    expect(onDirect.body.msg).toMatch(/^body\.gateway_temp_id: a gateway template needs a gateway/);
    const adminEdit = await call<TemplateRow>(t.app, 'PUT', `/device/template/${meter.id}`, {
      token: admin,
      body: { remark: 'x' },
    });
    // A remark change keeps the content and the version.
    expect(adminEdit.body.data).toMatchObject({
      remark: 'x',
      version: meter.version,
      point_count: METER_POINTS.length,
    });
  });
  it("names the points it builds in the requester's language", async () => {
    const list = await call<{ rows: TemplateRow[] }>(t.app, 'GET', '/device/template?kind=gateway', {
      token: owner.token,
    });
    const meter = list.body.data.rows.find((r) => r.name === METER_TEMPLATE_NAME)!;
    // The template itself is stored once, in English.
    expect(meter.slaves[0]!.points.find((p) => p.name === 'ua')?.title).toBe('Phase A voltage');
    const titles: Record<string, [string | undefined, string | undefined]> = {};
    for (const lang of ['zh', 'es', 'en']) {
      const gw = await createDevice(t.database, {
        ownerUserId: owner.user.id,
        gatewayProtocol: 'Modbus_RTU',
      });
      const applied = await call(t.app, 'POST', `/device/${gw.id}/slavedevice/batch`, {
        token: owner.token,
        body: { gateway_temp_id: meter.id },
        headers: { 'accept-language': lang },
      });
      expect(applied.body).toMatchObject({ code: 0 });
      const points = await call<{ rows: DataPointRow[] }>(t.app, 'GET', `/device/${gw.id}/datapoint`, {
        token: owner.token,
      });
      const ua = points.body.data.rows.find((p) => p.name === 'ua');
      const trip = points.body.data.rows.find((p) => p.name === 'trip');
      titles[lang] = [ua?.title, trip?.ds_config?.translate?.[1]?.text];
    }
    expect(titles).toEqual({
      zh: ['A相电压', '跳闸'],
      es: ['Tensión de la fase A', 'disparado'],
      en: ['Phase A voltage', 'tripped'],
    });
  });
});

describe('device models', () => {
  it('creates a model whose protocol devices inherit; refuses deleting a used one', async () => {
    const bad = await call(t.app, 'POST', '/device/model', {
      token: owner.token,
      body: { name: 'x', protocol: 12 },
    });
    expect(bad.body.msg).toMatch(/^body\.protocol: /);
    const model = await call<ModelRow>(t.app, 'POST', '/device/model', {
      token: owner.token,
      body: { name: 'Sensor S1', protocol: 3 },
    });
    expect(model.body.data).toMatchObject({ name: 'Sensor S1', protocol: 3, device_count: 0 });
    const device = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), model_id: model.body.data.id },
    });
    expect(device.body.data).toMatchObject({ protocol: 3, device_class: 'DT', device_model: 'Sensor S1' });
    const foreign = await call(t.app, 'POST', '/device', {
      token: sibling.token,
      body: { device_imei: nextImei(), model_id: model.body.data.id },
    });
    expect(foreign.body.msg).toMatch(/^body\.model_id: /);
    const renamed = await call<ModelRow>(t.app, 'PUT', `/device/model/${model.body.data.id}`, {
      token: owner.token,
      body: { remark: 'v2' },
    });
    expect(renamed.body.data).toMatchObject({ remark: 'v2', device_count: 1 });
    const del = await call(t.app, 'DELETE', `/device/model/${model.body.data.id}`, { token: owner.token });
    expect(del.body.code).toBe(20000);
    expect(
      (await call(t.app, 'DELETE', `/device/model/${model.body.data.id}`, { token: sibling.token })).status,
    ).toBe(404);
    const list = await call<{ rows: ModelRow[] }>(t.app, 'GET', '/device/model', { token: sibling.token });
    expect(list.body.data.rows.map((m) => m.id)).not.toContain(model.body.data.id);
  });

  it("builds the model's template on a device created with the model", async () => {
    const list = await call<{ rows: TemplateRow[] }>(t.app, 'GET', '/device/template?kind=gateway', {
      token: owner.token,
    });
    const meter = list.body.data.rows.find((r) => r.builtin)!;
    const model = await call<ModelRow>(t.app, 'POST', '/device/model', {
      token: owner.token,
      body: { name: 'Meter M3', gateway_protocol: 'Modbus_RTU', template_id: meter.id },
    });
    const created = await call<DeviceRow>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: nextImei(), model_id: model.body.data.id },
    });
    expect(created.body.data).toMatchObject({
      template_id: meter.id,
      template_version: meter.version,
      device_class: 'DTUGW',
    });
    const detail = await call<{ slave_count: number; point_count: number }>(
      t.app,
      'GET',
      `/device/${created.body.data.id}`,
      {
        token: owner.token,
      },
    );
    expect(detail.body.data).toMatchObject({ slave_count: 1, point_count: METER_POINTS.length });
    // A direct device cannot take a gateway template: refused, nothing stored.
    const direct = await call<ModelRow>(t.app, 'POST', '/device/model', {
      token: owner.token,
      body: { name: 'Bad combo', protocol: 3, template_id: meter.id },
    });
    const imei = nextImei();
    const refused = await call(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: imei, model_id: direct.body.data.id },
    });
    expect(refused.body.msg).toMatch(/^body\.model_id: /);
    const exists = await call<{ exists: boolean }>(t.app, 'GET', `/device/isDeviceCreate/${imei}`, {
      token: owner.token,
    });
    expect(exists.body.data.exists).toBe(false);
  });
});
