import type { ImportResult, ModelRow, SlaveRow, TemplateRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeviceUser, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDevicesRepository } from './devices.repository.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let gatewayModel: number;
let mqttModel: number;

const meterTemplate = {
  name: 'One meter',
  kind: 'gateway',
  gateway_protocol: 'Modbus_RTU',
  slaves: [
    { name: 'meter', slave_id: 3, points: [{ name: 'ua', area: '4X', address: 0, data_type: 'float' }] },
  ],
  points: [],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t);
  const template = await call<TemplateRow>(t.app, 'POST', '/device/template', {
    token: owner.token,
    body: meterTemplate,
  });
  const model = (body: unknown) =>
    call<ModelRow>(t.app, 'POST', '/device/model', { token: owner.token, body });
  gatewayModel = (
    await model({ name: 'GW meter', gateway_protocol: 'Modbus_RTU', template_id: template.body.data.id })
  ).body.data.id;
  // An MQTT model (class DT) whose gateway template cannot be built on its devices.
  mqttModel = (await model({ name: 'MQTT meter', protocol: 3, template_id: template.body.data.id })).body.data
    .id;
});
afterAll(async () => {
  await t?.close();
});

describe('import applies the model template', () => {
  it('builds the template on every imported device', async () => {
    const imeis = [nextImei(), nextImei()];
    const res = await call<ImportResult>(t.app, 'POST', '/device/import', {
      token: owner.token,
      body: { imeis: imeis.join('\n'), model_id: gatewayModel },
    });
    expect(res.body).toMatchObject({ code: 0, data: { created: 2, failed: [] } });
    const list = await call<{ rows: { id: number; device_imei: string; template_id: number | null }[] }>(
      t.app,
      'GET',
      `/device?model_id=${gatewayModel}`,
      { token: owner.token },
    );
    expect(list.body.data.rows).toHaveLength(2);
    for (const d of list.body.data.rows) {
      expect(d.template_id).not.toBeNull();
      const slaves = await call<SlaveRow[]>(t.app, 'GET', `/device/${d.id}/slavedevice`, {
        token: owner.token,
      });
      expect(slaves.body.data.map((s) => [s.slave_id, s.point_count])).toEqual([[3, 1]]);
    }
  });

  it('a template that does not fit fails its rows and imports nothing', async () => {
    const before = await createDevicesRepository(t.database.db).count();
    const good = nextImei();
    const bad = nextImei();
    const res = await call<ImportResult>(t.app, 'POST', '/device/import', {
      token: owner.token,
      body: { imeis: `${good}\n${bad}`, model_id: mqttModel },
    });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toBe('import: 2 of 2 rows failed, nothing imported');
    expect(res.body.data.failed).toHaveLength(2);
    expect(res.body.data.failed[0]).toMatchObject({ row: 1, imei: good });
    expect(res.body.data.failed[0]!.reason).toMatch(/^model_id: a gateway template needs a gateway/);
    expect(await createDevicesRepository(t.database.db).count()).toBe(before);
  });
});
