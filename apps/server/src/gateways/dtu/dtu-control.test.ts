import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import {
  defaultGatewayParams,
  type ListResult,
  type OtaCommandRow,
  type OtaGatewayCreateResult,
  type OtaPlanDetail,
  type OtaPlanDeviceRow,
} from '@fleet/contracts';
import { DtuGateway, SimulatedSlave } from '@fleet/device-sim';
import { buildRegistrationPacket, encodeControlFrame } from '@fleet/protocols';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../modules/devices/devices.table.js';
import { uploadApplication } from '../../modules/ota/plans.fixtures.js';
import { createOtaUser } from '../../modules/ota/registry.fixtures.js';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { eventually } from '../mqtt/mqtt-test-support.js';
import { createDtuDevice } from './dtu.fixtures.js';
import { type DtuGateway as DtuListener, startDtuGateway } from './dtu-gateway.js';

/**
 * Issue 19 items 6 and 8 on the DTU's TCP link: a simulated DTU gateway, polled over Modbus by the
 * platform, takes gateway commands and a firmware plan's notice as control frames between the
 * transactions, downloads the package over HTTP and reports its progress on the same socket.
 */
let t: TestApp;
let dtu: DtuListener;
let origin: string;
let owner: Awaited<ReturnType<typeof createOtaUser>>;
let other: Awaited<ReturnType<typeof createOtaUser>>;
const sims: DtuGateway[] = [];
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  dtu = await startDtuGateway(t.runtime, { host: '127.0.0.1', port: 0, commandTimeoutMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createOtaUser(t);
  other = await createOtaUser(t);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const sim of sims) await sim.stop();
  await dtu?.close();
  await t?.close();
});

const online = async (deviceId: number) => {
  const [row] = await t.database.db
    .select({ status: devices.status })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.status === 1;
};

/** A DTU device polled every second (one register), registered as an OTA gateway, with its simulator. */
async function dtuGateway(options: { start?: boolean } = {}) {
  const device = await createDtuDevice(t.database, owner.user.id, {
    slaves: [{ slaveId: 1, points: [{ name: 'temp', area: '4X', address: 0 }] }],
  });
  const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
    token: owner.token,
    body: { imeis: device.imei, type: 2, model: 'SG-1' },
  });
  const sim = new DtuGateway({
    host: '127.0.0.1',
    port: dtu.port,
    imei: device.imei,
    key: device.key,
    heartbeatIntervalMs: 200,
    slaves: [
      new SimulatedSlave(1, [
        { name: 'temp', area: '4X', address: 0, signal: { kind: 'constant', value: 7 } },
      ]),
    ],
    reconnect: { initialMs: 50, maxMs: 200 },
    ota: {
      model: 'SG-1',
      publicKey: otaSigningKeyFor(t.config).publicKeyPem,
      counter: 1,
      delay: async () => undefined,
      signal: () => ({ rssi: 21, ber: 0 }),
    },
  });
  if (options.start !== false) {
    sims.push(sim.start());
    await eventually(async () => expect(await online(device.id)).toBe(true));
  }
  return { row: created.body.data.created[0]!, sim, device };
}

const answered = async (id: number) => {
  let row: OtaCommandRow | undefined;
  await eventually(async () => {
    row = (await call<OtaCommandRow>(t.app, 'GET', `/ota/commands/${id}`, { token: owner.token })).body.data;
    expect(row.status).not.toBe('send');
  });
  return row!;
};

describe('OTA and gateway commands on the DTU TCP link', () => {
  it('csq, reload and reboot are answered over the socket while Modbus polling goes on', async () => {
    const g = await dtuGateway();
    const requests = () => dtu.counters().requests;
    const before = requests();
    const csq = await call<OtaCommandRow>(t.app, 'POST', `/ota/gateways/${g.row.id}/csq`, {
      token: owner.token,
    });
    expect(csq.body.data).toMatchObject({ kind: 'csq', status: 'send' });
    expect(await answered(csq.body.data.id)).toMatchObject({ status: 'resp', rssi: 21, ber: 0 });
    expect(g.sim.down!.handled.csq).toBe(1);
    const reload = await call<OtaCommandRow>(t.app, 'POST', `/device/reload/${g.row.id}`, {
      token: owner.token,
    });
    expect(await answered(reload.body.data.id)).toMatchObject({ status: 'resp' });
    // The poller kept polling around the control frames, and every answer was matched.
    await eventually(() => expect(requests()).toBeGreaterThan(before + 1));
    expect(dtu.counters()).toMatchObject({ controlMalformed: 0, badFrames: 0 });
    expect(dtu.counters().acks).toBeGreaterThanOrEqual(2);

    const reboot = await call<OtaCommandRow>(t.app, 'POST', `/device/reboot/${g.row.id}`, {
      token: owner.token,
    });
    expect(await answered(reboot.body.data.id)).toMatchObject({ status: 'resp' });
    await eventually(async () => {
      expect(g.sim.connections).toBe(2);
      expect(await online(g.device.id)).toBe(true);
    });
  });

  it('a DTU gateway that is not connected ends a command as networkError', async () => {
    const g = await dtuGateway({ start: false });
    const res = await call<OtaCommandRow>(t.app, 'POST', `/ota/gateways/${g.row.id}/csq`, {
      token: owner.token,
    });
    expect(res.body.data).toMatchObject({ status: 'networkError' });
  });

  it('a firmware plan: notice down the socket, download over HTTP, progress back up, new version reported', async () => {
    const g = await dtuGateway();
    t.runtime.directory.invalidate(g.device.id);
    const app = (await uploadApplication(t.app, owner.token, { bytes: randomBytes(50_000), counter: 7 })).body
      .data;
    const plan = await call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', {
      token: owner.token,
      headers: { host: origin },
      body: {
        name: 'DTU firmware',
        type: 2,
        level: 0,
        gateway_ids: [g.row.id],
        application_id: app.id,
        rollout: {
          group_sizes: [],
          success_percent: 100,
          failure_percent: 100,
          rate_per_minute: 60,
          start_delay_max_s: 0,
        },
      },
    });
    expect(plan.body.code).toBe(0);
    const id = plan.body.data.id;
    await eventually(async () => {
      await t.app.otaRollout.tick();
      const state = (await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${id}`, { token: owner.token })).body
        .data.state;
      expect(state).toBe('completed');
    }, 20_000);
    const rows = (
      await call<ListResult<OtaPlanDeviceRow>>(t.app, 'GET', `/ota/plans/${id}/devices`, {
        token: owner.token,
      })
    ).body.data.rows;
    expect(rows.map((r) => [r.state, r.version])).toEqual([['reported', '2.1.0']]);
    expect(g.sim.agent!.version).toBe('2.1.0');
    expect(g.sim.agent!.ranges[0]).toBe('bytes=0-');
    // Applying firmware rebooted the box: it reported the version from its second connection.
    expect(g.sim.connections).toBe(2);
    expect(t.runtime.ota.counters().tcpNotices).toBeGreaterThanOrEqual(1);
  });

  it('a parameter plan arrives as a notice on the socket; deploy then pushes that document again', async () => {
    const g = await dtuGateway();
    t.runtime.directory.invalidate(g.device.id);
    const plan = await call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', {
      token: owner.token,
      headers: { host: origin },
      body: {
        name: 'DTU params',
        type: 1,
        level: 0,
        gateway_ids: [g.row.id],
        params: { ...defaultGatewayParams(), param_version: 4 },
      },
    });
    expect(plan.body.code).toBe(0);
    await eventually(async () => {
      await t.app.otaRollout.tick();
      const detail = await call<OtaPlanDetail>(t.app, 'GET', `/ota/plans/${plan.body.data.id}`, {
        token: owner.token,
      });
      expect(detail.body.data.state).toBe('completed');
    }, 20_000);
    expect(g.sim.agent!.paramVersion).toBe(4);
    const deploy = await call<OtaCommandRow>(t.app, 'GET', `/device/deploy/${g.row.id}`, {
      token: owner.token,
    });
    expect(deploy.body.data).toMatchObject({ kind: 'deploy', param_version: 4 });
    expect(await answered(deploy.body.data.id)).toMatchObject({ status: 'resp' });
    expect(g.sim.down!.handled.deploy).toBe(1);
  });

  it('another account’s DTU device with the IMEI is never notified, and its progress moves nothing', async () => {
    const device = await createDtuDevice(t.database, other.user.id, { heartbeatIntervalS: 0 });
    const created = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
      token: owner.token,
      body: { imeis: device.imei, type: 2, model: 'SG-1' },
    });
    const row = created.body.data.created[0]!;
    const socket = net.connect({ host: '127.0.0.1', port: dtu.port });
    sockets.push(socket);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(buildRegistrationPacket(device.imei, device.key));
    await eventually(async () => expect(await online(device.id)).toBe(true));
    const app = (await uploadApplication(t.app, owner.token, { counter: 8 })).body.data;
    const plan = await call<OtaPlanDetail>(t.app, 'POST', '/ota/plans', {
      token: owner.token,
      headers: { host: origin },
      body: { name: 'not theirs', type: 2, level: 0, gateway_ids: [row.id], application_id: app.id },
    });
    const id = plan.body.data.id;
    const devicesOfPlan = async () =>
      (
        await call<ListResult<OtaPlanDeviceRow>>(t.app, 'GET', `/ota/plans/${id}/devices`, {
          token: owner.token,
        })
      ).body.data.rows;
    await eventually(async () => {
      await t.app.otaRollout.tick();
      expect((await devicesOfPlan())[0]).toMatchObject({ state: 'failed', reason: 'offline' });
    });
    const unmatched = t.runtime.ota.counters().unmatched;
    socket.write(encodeControlFrame('ota', { plan_id: id, state: 'downloading', bytes: 1 }));
    await eventually(() => expect(t.runtime.ota.counters().unmatched).toBe(unmatched + 1));
    expect((await devicesOfPlan())[0]).toMatchObject({ state: 'failed', reason: 'offline' });
    expect(Buffer.concat(received).includes(Buffer.from([0x00, 0xfc, 0x43, 0x46]))).toBe(false);
  });

  it('malformed control frames are counted and dropped; the session and its device are untouched', async () => {
    const device = await createDtuDevice(t.database, owner.user.id, { heartbeatIntervalS: 0 });
    const socket = net.connect({ host: '127.0.0.1', port: dtu.port });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(buildRegistrationPacket(device.imei, device.key));
    await eventually(async () => expect(await online(device.id)).toBe(true));
    const before = dtu.counters();
    const ota = t.runtime.ota.counters();
    const corrupt = encodeControlFrame('ack', { cmd_id: 'g-1', ok: true });
    corrupt[corrupt.length - 1]! ^= 0xff;
    const unknownAck = encodeControlFrame('ack', { cmd_id: 'g-999999', ok: true });
    // Split across writes, back to back with a bad one, a wrong-schema ack and a wrong direction.
    socket.write(unknownAck.subarray(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write(Buffer.concat([unknownAck.subarray(5), corrupt, encodeControlFrame('ack', '{"ok":"yes"}')]));
    socket.write(encodeControlFrame('down', { cmd_id: 'g-1', gw: { op: 'csq' } }));
    socket.write(encodeControlFrame('ota', { plan_id: 999_999, state: 'verified' }));
    socket.write(encodeControlFrame('ota', '{"plan_id":'));
    await eventually(() => {
      const c = dtu.counters();
      expect(c.controlFrames - before.controlFrames).toBe(5);
      expect(c.controlMalformed - before.controlMalformed).toBe(3);
      expect(c.unknownAcks - before.unknownAcks).toBe(1);
      const o = t.runtime.ota.counters();
      expect(o.unmatched - ota.unmatched).toBe(1);
      expect(o.malformed - ota.malformed).toBe(1);
    });
    expect(socket.destroyed).toBe(false);
    expect(await online(device.id)).toBe(true);
  });
});
