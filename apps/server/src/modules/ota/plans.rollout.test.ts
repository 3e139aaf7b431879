import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  defaultGatewayParams,
  type ListResult,
  type OtaGatewayCreateResult,
  type OtaGatewayRow,
  type OtaLogRow,
  type OtaPlanDetail,
  type OtaPlanDeviceRow,
} from '@fleet/contracts';
import { OtaGateway } from '@fleet/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MqttGateway, startMqttGateway } from '../../gateways/mqtt/mqtt-gateway.js';
import { connectDevice, eventually } from '../../gateways/mqtt/mqtt-test-support.js';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { parseCsv } from '../exports/exports.fixtures.js';
import { uploadApplication } from './plans.fixtures.js';
import { createOtaUser } from './registry.fixtures.js';

/**
 * Issue 19 items 5 and 6 end to end: simulated OTA gateways (tools/simulator) log in on the real
 * embedded broker, receive the plan's notices, download the package over HTTP from the platform,
 * verify, apply and report; the plan completes and the gateway rows carry the new version.
 */
let t: TestApp;
let broker: MqttGateway;
let origin: string;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let other: Awaited<ReturnType<typeof createOtaUser>>;
const sims: OtaGateway[] = [];

beforeAll(async () => {
  t = await createTestApp();
  broker = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createOtaUser(t);
  other = await createOtaUser(t);
});
afterAll(async () => {
  for (const sim of sims) await sim.stop();
  await broker?.close();
  await t?.close();
});

/** Gateways in the OTA registry, each with an MQTT login (device registry) and a running simulator. */
async function gateways(count: number, model = 'SG-1') {
  const out: { row: OtaGatewayRow; sim: OtaGateway }[] = [];
  for (let i = 0; i < count; i++) {
    const device = await createDevice(t.database, { ownerUserId: owner.user.id });
    const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
      token: owner.token,
      body: { imeis: device.imei, type: 2, model },
    });
    const sim = new OtaGateway({
      url: `mqtt://127.0.0.1:${broker.port}`,
      imei: device.imei,
      password: device.mqttPassword,
      model,
      publicKey: otaSigningKeyFor(t.config).publicKeyPem,
      counter: 1,
      delay: async () => undefined,
    });
    await sim.start();
    // Not cached: the rollout's tick looks the login up in the database (outside its transaction).
    t.runtime.directory.invalidate(device.id);
    sims.push(sim);
    out.push({ row: created.body.data.created[0]!, sim });
  }
  return out;
}

const createPlan = (token: string, body: Record<string, unknown>) =>
  call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', { token, body, headers: { host: origin } });
const planOf = async (id: number) =>
  (await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${id}`, { token: owner.token })).body.data;
const devicesOf = async (id: number) =>
  (await call<ListResult<OtaPlanDeviceRow>>(t.app, 'GET', `/ota/plans/${id}/devices`, { token: owner.token }))
    .body.data.rows;
/** Ticks the rollout (as the leader would) until the plan reaches `state`. */
const until = (id: number, state: string) =>
  eventually(async () => {
    await t.app.otaRollout.tick();
    expect((await planOf(id)).state).toBe(state);
  }, 20_000);

describe('OTA rollout on the embedded broker with simulated gateways', () => {
  it('rolls a firmware plan out group by group until every gateway reported the new version', async () => {
    const gws = await gateways(3);
    const app = (await uploadApplication(t.app, owner.token, { bytes: randomBytes(200_000), counter: 7 }))
      .body.data;
    const res = await createPlan(owner.token, {
      name: 'Spring firmware',
      type: 2,
      level: 0,
      gateway_ids: gws.map((g) => g.row.id),
      application_id: app.id,
      rollout: {
        group_sizes: [1],
        success_percent: 100,
        failure_percent: 50,
        rate_per_minute: 100,
        start_delay_max_s: 0,
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      state: 'running',
      devices: 3,
      plan_control_count: 3,
      plan_control_all: 0,
    });
    await until(res.body.data.id, 'completed');
    const devices = await devicesOf(res.body.data.id);
    expect(devices.map((d) => [d.group, d.state, d.version])).toEqual([
      [0, 'reported', '2.1.0'],
      [1, 'reported', '2.1.0'],
      [1, 'reported', '2.1.0'],
    ]);
    // The second group was notified only after the first had reported.
    expect(devices[1]!.notified_at! >= devices[0]!.updated_at).toBe(true);
    for (const g of gws) expect(g.sim.agent.version).toBe('2.1.0');
    const list = await call<ListResult<OtaGatewayRow>>(t.app, 'GET', '/ota/gateways?firmware_version=2.1.0', {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => [r.id, r.firmware_counter]).sort()).toEqual(
      gws.map((g) => [g.row.id, 7]).sort(),
    );
    const log = await call<ListResult<OtaLogRow>>(
      t.app,
      'GET',
      `/ota/log?plan_id=${res.body.data.id}&limit=100`,
      {
        token: owner.token,
      },
    );
    const steps = log.body.data.rows.filter((r) => r.imei === gws[0]!.row.imei).map((r) => r.state);
    expect(steps.reverse()).toEqual(['notified', 'downloading', 'verified', 'applied', 'reported']);
    expect(t.runtime.ota.counters().progress).toBeGreaterThanOrEqual(12);
  });

  it('a tampered package is refused by the gateway and the failure threshold aborts the plan', async () => {
    const [gw] = await gateways(1);
    const app = (await uploadApplication(t.app, owner.token, { bytes: randomBytes(50_000), counter: 9 })).body
      .data;
    // Someone changes the stored bytes: the manifest's sha256 no longer matches.
    writeFileSync(join(t.dataDir, 'files', 'ota', app.sha256.slice(0, 2), app.sha256), randomBytes(50_000));
    const res = await createPlan(owner.token, {
      name: 'Tampered',
      type: 2,
      level: 0,
      gateway_ids: [gw!.row.id],
      application_id: app.id,
      rollout: { failure_percent: 0 },
    });
    await until(res.body.data.id, 'aborted');
    expect((await planOf(res.body.data.id)).state_reason).toBe('failure-threshold');
    const [device] = await devicesOf(res.body.data.id);
    expect(device).toMatchObject({ state: 'failed', reason: 'hash-mismatch' });
    expect(gw!.sim.agent.version).toBe('1.0.0');
    const strace = await call<ListResult<OtaLogRow>>(
      t.app,
      'GET',
      `/ota/strace?plan_id=${res.body.data.id}`,
      {
        token: owner.token,
      },
    );
    expect(strace.body.data.rows.map((r) => r.reason)).toEqual(['hash-mismatch']);
    // An application a plan refers to stays.
    const del = await call(t.app, 'DELETE', `/ota/applications/${app.id}`, { token: owner.token });
    expect(del.body).toMatchObject({ code: 20000, msg_key: 'ota.applicationInUse' });
  });

  it('exports the error traces through the background exports (csv here; xlsx by default)', async () => {
    const exporter = await createOtaUser(t, {
      parentId: owner.user.id,
      isSubuser: true,
      permissions: ['ota.Strace/index', 'ExportFile'],
    });
    const res = await call<{ id: number }>(t.app, 'POST', '/dataCenter/export', {
      token: exporter.token,
      body: { kind: 'otastrace', params: {}, format: 'csv', lang: 'en', tz: 'UTC' },
    });
    expect(res.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dataCenter/fileDownload/${res.body.data.id}/file`,
      headers: { 'x-token': exporter.token },
    });
    const rows = parseCsv(file.rawPayload.toString('utf8'));
    expect(rows[0]).toEqual(['Time', 'Plan', 'IMEI', 'Step', 'Reason', 'Detail', 'Version', 'Bytes']);
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([['failed', 'hash-mismatch']]);
    const refused = await call(t.app, 'POST', '/dataCenter/export', {
      token: exporter.token,
      body: { kind: 'otalog', params: {} },
    });
    expect(refused.status).toBe(403);
  });

  it('applies a parameter document and records the version the gateway reports', async () => {
    const [gw] = await gateways(1);
    const params = { ...defaultGatewayParams(), param_version: 3, apn: 'cmiot' };
    const res = await createPlan(owner.token, {
      name: 'APN',
      type: 1,
      level: 0,
      gateway_ids: [gw!.row.id],
      params,
    });
    await until(res.body.data.id, 'completed');
    expect(gw!.sim.agent.paramVersion).toBe(3);
    const row = await call<OtaGatewayRow>(t.app, 'GET', `/ota/gateways/${gw!.row.id}`, {
      token: owner.token,
    });
    expect(row.body.data.param_version).toBe(3);
    const again = await createPlan(owner.token, {
      name: 'Old',
      type: 1,
      level: 0,
      gateway_ids: [gw!.row.id],
      params,
    });
    expect(again.body.code).toBe(10002);
    expect(again.body.msg).toMatch(/^body\.params\.param_version/);
  });

  it('a plan of one user cannot target another tenant’s gateways', async () => {
    const [gw] = await gateways(1);
    const app = (await uploadApplication(t.app, other.token)).body.data;
    const listed = await createPlan(other.token, {
      name: 'Steal',
      type: 2,
      level: 0,
      gateway_ids: [gw!.row.id],
      application_id: app.id,
    });
    expect(listed.status).toBe(400);
    expect(listed.body.msg).toMatch(/^body\.gateway_ids/);
    const all = await createPlan(other.token, { name: 'All', type: 2, level: 1, application_id: app.id });
    expect(all.body).toMatchObject({ code: 20000, msg_key: 'ota.noGateways' });
    const mineApp = (await uploadApplication(t.app, owner.token)).body.data;
    const foreignApp = await createPlan(other.token, {
      name: 'App',
      type: 2,
      level: 1,
      application_id: mineApp.id,
    });
    expect(foreignApp.body.msg).toMatch(/^body\.application_id/);
    const plans = await call<ListResult<OtaPlanDetail>>(t.app, 'GET', '/ota/plans', { token: other.token });
    expect(plans.body.data.total).toBe(0);
  });

  it('counts and drops malformed progress, and progress for no waiting device', async () => {
    const device = await createDevice(t.database, { ownerUserId: owner.user.id });
    const client = await connectDevice(broker.port!, device.imei, device.mqttPassword);
    const before = t.runtime.ota.counters();
    await client.publishAsync(`d/${device.imei}/ota`, '{"plan_id":"x"}', { qos: 1 });
    await client.publishAsync(`d/${device.imei}/ota`, '{"plan_id":1,"state":"reported","version":"9"}', {
      qos: 1,
    });
    const after = t.runtime.ota.counters();
    expect(after.malformed - before.malformed).toBe(1);
    expect(after.unmatched - before.unmatched).toBe(1);
    await client.endAsync();
  });
});
