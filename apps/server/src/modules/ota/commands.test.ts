import type { AddressInfo } from 'node:net';
import {
  defaultGatewayParams,
  type ListResult,
  type OtaCommandRow,
  type OtaGatewayCreateResult,
  type OtaGatewayRow,
  type OtaPlanDetail,
  type OtaProjectCommandResult,
  type OtaSignalReport,
} from '@fleet/contracts';
import { OtaGateway } from '@fleet/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MqttGateway, startMqttGateway } from '../../gateways/mqtt/mqtt-gateway.js';
import { eventually } from '../../gateways/mqtt/mqtt-test-support.js';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { devices } from '../devices/devices.table.js';
import { otaGatewayCommands } from './commands.table.js';
import { uploadApplication } from './plans.fixtures.js';
import { createOtaUser, createProject, OTA_GATEWAY_READ } from './registry.fixtures.js';

/**
 * Issue 19 item 8: gateway commands over the real embedded broker to simulated OTA gateways, with the
 * SPEC 4 lifecycle; another account's gateway is refused; a silent gateway ends as networkError.
 */
let t: TestApp;
let broker: MqttGateway;
let origin: string;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let other: Awaited<ReturnType<typeof createOtaUser>>;
const sims: OtaGateway[] = [];
const COMMAND_TIMEOUT_MS = 1500;

beforeAll(async () => {
  t = await createTestApp();
  broker = await startMqttGateway(t.runtime, {
    port: 0,
    host: '127.0.0.1',
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
  });
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

/** An OTA gateway row with its MQTT login and (unless `offline`) a running simulator. */
async function gateway(
  options: {
    projectId?: number;
    silent?: boolean;
    offline?: boolean;
    signal?: { rssi: number; ber: number };
  } = {},
) {
  const device = await createDevice(t.database, { ownerUserId: owner.user.id });
  const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
    token: owner.token,
    body: { imeis: device.imei, type: 2, model: 'SG-1', project_id: options.projectId ?? null },
  });
  const row = created.body.data.created[0]!;
  const sim = new OtaGateway({
    url: `mqtt://127.0.0.1:${broker.port}`,
    imei: device.imei,
    password: device.mqttPassword,
    model: 'SG-1',
    publicKey: otaSigningKeyFor(t.config).publicKeyPem,
    counter: 1,
    delay: async () => undefined,
    silent: options.silent,
    signal: options.signal ? () => options.signal! : undefined,
  });
  if (!options.offline) {
    await sim.start();
    sims.push(sim);
    // The command path finds the connection attached under the device id once the broker saw the client.
    await eventually(async () => expect(await online(device.id)).toBe(true));
  }
  return { row, sim, deviceId: device.id };
}

async function online(deviceId: number): Promise<boolean> {
  const [row] = await t.database.db
    .select({ status: devices.status })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.status === 1;
}

const command = async (id: number, token = owner.token) =>
  (await call<OtaCommandRow>(t.app, 'GET', `/ota/commands/${id}`, { token })).body.data;
/** Re-reads the command (as the web does every 2000 ms) until it is no longer `send`. */
const answered = async (id: number) => {
  let row: OtaCommandRow | undefined;
  await eventually(async () => {
    row = await command(id);
    expect(row.status).not.toBe('send');
  }, 10_000);
  return row!;
};

/** A reported parameter plan gives the gateway its current document (what deploy pushes). */
async function withParams(g: Awaited<ReturnType<typeof gateway>>, version = 2) {
  const res = await call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', {
    token: owner.token,
    headers: { host: origin },
    body: {
      name: 'params',
      type: 1,
      level: 0,
      gateway_ids: [g.row.id],
      params: { ...defaultGatewayParams(), param_version: version },
    },
  });
  expect(res.body.code).toBe(0);
  await eventually(async () => {
    await t.app.otaRollout.tick();
    const plan = (
      await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${res.body.data.id}`, { token: owner.token })
    ).body.data;
    expect(plan.state).toBe('completed');
  }, 15_000);
}

describe('gateway commands (SPEC 7) on simulated OTA gateways', () => {
  it('csq: the gateway answers rssi and ber; each answer is stored and shown on the row', async () => {
    const g = await gateway({ signal: { rssi: 23, ber: 0 } });
    const res = await call<OtaCommandRow>(t.app, 'POST', `/ota/gateways/${g.row.id}/csq`, {
      token: owner.token,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ kind: 'csq', status: 'send', gateway_id: g.row.id });
    expect(await answered(res.body.data.id)).toMatchObject({ status: 'resp', rssi: 23, ber: 0, error: '' });
    expect(g.sim.handled.csq).toBe(1);

    const second = await call<OtaCommandRow>(t.app, 'POST', `/ota/gateways/${g.row.id}/csq`, {
      token: owner.token,
    });
    await answered(second.body.data.id);
    const signal = await call<OtaSignalReport>(t.app, 'GET', `/ota/gateways/${g.row.id}/signal`, {
      token: owner.token,
    });
    expect(signal.body.data).toMatchObject({ rssi: 23, ber: 0, level: 'excellent' });
    expect(signal.body.data.history).toHaveLength(2);
    const row = await call<OtaGatewayRow>(t.app, 'GET', `/ota/gateways/${g.row.id}`, { token: owner.token });
    expect(row.body.data).toMatchObject({ csq_rssi: 23, csq_ber: 0 });
    expect(row.body.data.csq_at).not.toBeNull();
  });

  it('reboot and reload are answered; the rebooted gateway logs in again', async () => {
    const g = await gateway();
    const reboot = await call<OtaCommandRow>(t.app, 'POST', `/device/reboot/${g.row.id}`, {
      token: owner.token,
    });
    expect(await answered(reboot.body.data.id)).toMatchObject({ kind: 'reboot', status: 'resp' });
    expect(g.sim.handled.reboot).toBe(1);
    await eventually(async () => {
      expect(g.sim.starts).toBe(2);
      expect(await online(g.deviceId)).toBe(true);
    });
    const reload = await call<OtaCommandRow>(t.app, 'POST', `/device/reload/${g.row.id}`, {
      token: owner.token,
    });
    expect(await answered(reload.body.data.id)).toMatchObject({ kind: 'reload', status: 'resp' });
  });

  it('deploy pushes the current parameter document; without one it is a 20000 message', async () => {
    const g = await gateway();
    const none = await call(t.app, 'GET', `/device/deploy/${g.row.id}`, { token: owner.token });
    expect(none.body.code).toBe(20000);
    expect(none.body.msg).toContain('no parameter document');
    await withParams(g, 3);
    const res = await call<OtaCommandRow>(t.app, 'GET', `/device/deploy/${g.row.id}`, { token: owner.token });
    expect(res.body.data).toMatchObject({ kind: 'deploy', param_version: 3 });
    expect(await answered(res.body.data.id)).toMatchObject({ status: 'resp' });
    expect(g.sim.handled.deploy).toBe(1);
    expect(g.sim.agent.paramVersion).toBe(3);
  });

  it('projreboot makes one command per gateway of the project; projdeploy refuses when one has no document', async () => {
    const projectId = await createProject(t.database, owner.user.id, 'Line 2');
    const a = await gateway({ projectId });
    const b = await gateway({ projectId });
    const res = await call<OtaProjectCommandResult>(t.app, 'POST', `/device/projreboot/${projectId}`, {
      token: owner.token,
    });
    expect(res.body.data.commands.map((c) => c.gateway_id)).toEqual([a.row.id, b.row.id]);
    for (const c of res.body.data.commands) expect(await answered(c.id)).toMatchObject({ status: 'resp' });
    const deploy = await call(t.app, 'POST', `/device/projdeploy/${projectId}`, { token: owner.token });
    expect(deploy.body.code).toBe(20000);
    const list = await call<ListResult<OtaCommandRow>>(t.app, 'GET', `/ota/commands?gateway_id=${a.row.id}`, {
      token: owner.token,
    });
    expect(list.body.data.rows.map((r) => r.kind)).toEqual(['reboot']); // nothing stored by the refused deploy
    const empty = await createProject(t.database, owner.user.id, 'Empty');
    expect((await call(t.app, 'POST', `/device/projreboot/${empty}`, { token: owner.token })).body.code).toBe(
      20000,
    );
  });

  it('a gateway that never answers ends as networkError; an offline one at once', async () => {
    const silent = await gateway({ silent: true });
    const res = await call<OtaCommandRow>(t.app, 'POST', `/device/reboot/${silent.row.id}`, {
      token: owner.token,
    });
    expect(res.body.data.status).toBe('send');
    const row = await answered(res.body.data.id);
    expect(row).toMatchObject({ status: 'networkError' });
    expect(row.error).toContain('no answer');

    const offline = await gateway({ offline: true });
    const now = await call<OtaCommandRow>(t.app, 'POST', `/ota/gateways/${offline.row.id}/csq`, {
      token: owner.token,
    });
    expect(now.body, JSON.stringify(now.body)).toMatchObject({ code: 0 });
    expect(now.body.data).toMatchObject({ status: 'networkError', error: 'device offline' });
  });

  it('upgrade starts a one-gateway firmware plan; the command answers when the gateway reported', async () => {
    const g = await gateway();
    const app = (await uploadApplication(t.app, owner.token, { counter: 5, version: '3.0.0' })).body.data;
    const res = await call<OtaCommandRow>(t.app, 'POST', `/device/upgrade/${g.row.id}`, {
      token: owner.token,
      headers: { host: origin },
      body: { application_id: app.id },
    });
    expect(res.body.data).toMatchObject({ kind: 'upgrade', status: 'send', application_id: app.id });
    await eventually(async () => {
      await t.app.otaRollout.tick();
      expect((await command(res.body.data.id)).status).toBe('resp');
    }, 15_000);
    expect(g.sim.agent.version).toBe('3.0.0');
    const row = await call<OtaGatewayRow>(t.app, 'GET', `/ota/gateways/${g.row.id}`, { token: owner.token });
    expect(row.body.data).toMatchObject({
      firmware_version: '3.0.0',
      firmware_plan_id: res.body.data.plan_id,
      firmware_plan_name: `upgrade ${g.row.imei}`,
    });
    const bad = await call(t.app, 'POST', `/device/upgrade/${g.row.id}`, {
      token: owner.token,
      body: { application_id: 999_999 },
    });
    expect(bad.body.code).toBe(10002);
  });

  it('an upgrade the gateway refuses ends as fail with the reason; a send row whose waiter is gone reads as networkError', async () => {
    const g = await gateway();
    const app = (await uploadApplication(t.app, owner.token, { models: 'OTHER-1', counter: 9 })).body.data;
    const res = await call<OtaCommandRow>(t.app, 'POST', `/device/upgrade/${g.row.id}`, {
      token: owner.token,
      headers: { host: origin },
      body: { application_id: app.id },
    });
    await eventually(async () => {
      await t.app.otaRollout.tick();
      expect((await command(res.body.data.id)).status).toBe('fail');
    }, 15_000);
    expect((await command(res.body.data.id)).error).toContain('wrong-model');

    // A row left `send` by a process that stopped waiting (a restart): 60 s later it is networkError.
    const [stuck] = await t.database.db
      .insert(otaGatewayCommands)
      .values({
        gatewayId: g.row.id,
        ownerUserId: owner.user.id,
        imei: g.row.imei,
        kind: 'reload',
        status: 'send',
        createdAt: t.clock(),
        sentAt: t.clock(),
      })
      .returning();
    expect((await command(stuck!.id)).status).toBe('send');
    t.clock.advance(61);
    expect(await command(stuck!.id)).toMatchObject({ status: 'networkError', error: 'no answer recorded' });
  });

  it('another account’s gateway is refused; reading needs the gateway page, commands need OtaManager', async () => {
    const g = await gateway();
    for (const [method, path] of [
      ['POST', `/device/reboot/${g.row.id}`],
      ['POST', `/ota/gateways/${g.row.id}/csq`],
      ['GET', `/device/deploy/${g.row.id}`],
      ['GET', `/ota/gateways/${g.row.id}/signal`],
    ] as const) {
      const res = await call(t.app, method, path, { token: other.token });
      expect(res.status, path).toBe(404);
    }
    const mine = await call<OtaCommandRow>(t.app, 'POST', `/device/reload/${g.row.id}`, {
      token: owner.token,
    });
    expect(
      (await call(t.app, 'GET', `/ota/commands/${mine.body.data.id}`, { token: other.token })).status,
    ).toBe(404);
    const projectId = await createProject(t.database, owner.user.id, 'Theirs');
    expect(
      (await call(t.app, 'POST', `/device/projreboot/${projectId}`, { token: other.token })).status,
    ).toBe(404);
    const reader = await createOtaUser(t, { parentId: owner.user.id, permissions: OTA_GATEWAY_READ });
    expect((await call(t.app, 'POST', `/device/reboot/${g.row.id}`, { token: reader.token })).body.code).toBe(
      10001,
    );
    expect(g.sim.handled.reboot).toBe(0);
  });

  it('an IMEI that logs in as another account’s device gets notAuthorized, nothing is sent', async () => {
    const device = await createDevice(t.database, { ownerUserId: other.user.id });
    const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
      token: owner.token,
      body: { imeis: device.imei, type: 2 },
    });
    const res = await call<OtaCommandRow>(
      t.app,
      'POST',
      `/device/reboot/${created.body.data.created[0]!.id}`,
      {
        token: owner.token,
      },
    );
    expect(res.body.data.status).toBe('notAuthorized');
  });
});
