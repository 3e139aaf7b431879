import net from 'node:net';
import type { DeviceDetail } from '@fleet/contracts';
import { RequestFramer, SimulatedSlave } from '@fleet/device-sim';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { CounterIncrement } from '../modules/devices/device-counters.repository.js';
import { call, createDeviceUser } from '../test-support/factories.js';
import { createDeviceCounters } from './device-counters.js';
import { createDtuDevice, type DtuHarness, startDtuHarness, waitFor } from './dtu/dtu.fixtures.js';
import { startMqttGateway } from './mqtt/mqtt-gateway.js';
import { connectDevice, mqttDevice } from './mqtt/mqtt-test-support.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const zero = {
  malformed: 0,
  exceptions: 0,
  timeouts: 0,
  last_malformed_at: null,
  last_exception_at: null,
  last_timeout_at: null,
};

async function detail(h: Pick<DtuHarness, 't'>, token: string, id: number) {
  return call<DeviceDetail>(h.t.app, 'GET', `/device/${id}`, { token });
}

/**
 * A DTU that registers, answers slave 1 with a corrupted CRC and never answers slave 9: the gateway
 * drops the frames (malformed) and gives up on the requests (timeouts).
 */
function faultyDtu(port: number, imei: string, key: string) {
  const slave = new SimulatedSlave(1, [{ area: '4X', address: 0 }]);
  const framer = new RequestFramer();
  const socket = net.connect(port, '127.0.0.1', () => socket.write(`REG,${imei},${key}\r\n`));
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    for (const adu of framer.push(chunk)) {
      if (adu[0] !== 1) continue;
      const answer = slave.handle(adu);
      if (!answer) continue;
      const bad = Uint8Array.from(answer);
      bad[bad.length - 1] = bad[bad.length - 1]! ^ 0xff;
      socket.write(bad);
    }
  });
  return socket;
}

describe('link health counters per device', () => {
  it('counts a DTU device’s bad CRC frames and timeouts, readable by its owner only', async () => {
    const h = await startDtuHarness({ networkBudgetMs: 100 });
    cleanups.push(() => h.close());
    const owner = await createDeviceUser(h.t);
    const stranger = await createDeviceUser(h.t);
    const spec = {
      slaves: [
        { slaveId: 1, points: [{ name: 'v', area: '4X' as const, address: 0 }] },
        { slaveId: 9, points: [{ name: 'absent', area: '4X' as const, address: 0 }] },
      ],
    };
    const device = await createDtuDevice(h.t.database, owner.user.id, spec);
    const quiet = await createDtuDevice(h.t.database, owner.user.id, spec);
    const socket = faultyDtu(h.gateway.port, device.imei, device.key);
    cleanups.push(() => socket.destroy());
    await waitFor(
      () => h.gateway.counters().badFrames >= 1 && h.gateway.counters().timeouts >= 2,
      10_000,
      'bad frames and timeouts',
    );
    socket.destroy();
    await waitFor(() => h.gateway.counters().online === 0, 10_000, 'disconnect');
    const totals = h.gateway.counters();

    await h.runtime.deviceCounters.flush();
    const answer = await detail(h, owner.token, device.id);
    expect(answer.body.code).toBe(0);
    const counters = answer.body.data.counters;
    expect(counters.malformed).toBe(totals.badFrames + totals.invalid);
    expect(counters.timeouts).toBe(totals.timeouts);
    expect(counters.exceptions).toBe(0);
    expect(counters.malformed).toBeGreaterThan(0);
    expect(Date.parse(counters.last_malformed_at!)).not.toBeNaN();
    expect(Date.parse(counters.last_timeout_at!)).not.toBeNaN();
    expect(counters.last_exception_at).toBeNull();

    // A second flush adds nothing new; the other device stays at zero; another tenant sees nothing.
    await h.runtime.deviceCounters.flush();
    expect((await detail(h, owner.token, device.id)).body.data.counters).toEqual(counters);
    expect((await detail(h, owner.token, quiet.id)).body.data.counters).toEqual(zero);
    const foreign = await detail(h, stranger.token, device.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeFalsy();
  });

  it('counts a malformed MQTT payload of one device and adds later increments to the stored row', async () => {
    const h = await startDtuHarness();
    cleanups.push(() => h.close());
    const gateway = await startMqttGateway(h.runtime, { port: 0, host: '127.0.0.1' });
    cleanups.push(() => gateway.close());
    const owner = await createDeviceUser(h.t);
    const d = await mqttDevice(h.t, owner.user.id);
    const other = await mqttDevice(h.t, owner.user.id);
    const client: MqttClient = await connectDevice(gateway.port!, d.imei, d.password);
    cleanups.push(() => client.end(true));

    await client.publishAsync(`d/${d.imei}/up`, '{not json', { qos: 1 });
    await h.runtime.deviceCounters.flush();
    expect((await detail(h, owner.token, d.device.id)).body.data.counters).toMatchObject({
      malformed: 1,
      exceptions: 0,
      timeouts: 0,
    });

    await client.publishAsync(`d/${d.imei}/up`, '[1,2', { qos: 1 });
    await client.publishAsync(`d/${d.imei}/ack`, 'nope', { qos: 1 });
    await h.runtime.deviceCounters.flush();
    const counters = (await detail(h, owner.token, d.device.id)).body.data.counters;
    expect(counters.malformed).toBe(3);
    expect(counters.last_malformed_at).not.toBeNull();
    expect((await detail(h, owner.token, other.device.id)).body.data.counters).toEqual(zero);
  });
});

describe('device counters in memory', () => {
  it('writes one batch per flush and keeps a failed batch for the next flush', async () => {
    const batches: CounterIncrement[][] = [];
    let fail = true;
    let clock = new Date('2026-01-01T00:00:00Z');
    const counters = createDeviceCounters({
      repository: {
        async add(increments) {
          if (fail) throw new Error('database down');
          batches.push(increments.map((i) => ({ ...i })));
        },
      },
      clock: () => clock,
      intervalMs: 0,
    });
    counters.record(1, 'timeout');
    counters.record(2, 'malformed');
    await counters.flush();
    expect(batches).toEqual([]);
    fail = false;
    clock = new Date('2026-01-01T00:01:00Z');
    counters.record(1, 'timeout');
    counters.record(1, 'exception');
    await counters.flush();
    await counters.close();
    expect(batches).toHaveLength(1);
    const byDevice = new Map(batches[0]!.map((i) => [i.deviceId, i]));
    expect(byDevice.get(1)).toEqual({
      deviceId: 1,
      malformed: 0,
      exceptions: 1,
      timeouts: 2,
      lastMalformedAt: null,
      lastExceptionAt: clock,
      lastTimeoutAt: clock,
    });
    expect(byDevice.get(2)).toMatchObject({
      malformed: 1,
      lastMalformedAt: new Date('2026-01-01T00:00:00Z'),
    });
  });
});
