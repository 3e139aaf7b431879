import net from 'node:net';
import { DtuGateway as SimulatedDtu, SimulatedSlave } from '@fleet/device-sim';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { devices } from '../../modules/devices/devices.table.js';
import { hashDeviceSecret } from '../../modules/devices/secret-hash.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { ListenerPortError } from '../listen-error.js';
import { type DtuHarness, startDtuHarness, type TestDtuDevice, waitFor } from './dtu.fixtures.js';
import { startDtuGateway } from './dtu-gateway.js';
import type { PollCycleInfo } from './dtu-poller.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function harness(options: Parameters<typeof startDtuHarness>[0] = {}): Promise<DtuHarness> {
  const h = await startDtuHarness(options);
  cleanups.push(() => h.close());
  return h;
}

function simulate(h: DtuHarness, device: TestDtuDevice, slaves: SimulatedSlave[], heartbeatIntervalMs = 0) {
  const sim = new SimulatedDtu({
    host: '127.0.0.1',
    port: h.gateway.port,
    imei: device.imei,
    key: device.key,
    heartbeat: 'PING',
    heartbeatIntervalMs,
    slaves,
    reconnect: { initialMs: 60_000 },
  }).start();
  cleanups.push(() => sim.stop());
  return sim;
}

async function pointOf(runtime: DeviceRuntime, deviceId: number, pointId: number) {
  const device = await runtime.directory.byId(deviceId);
  const point = device?.byId.get(pointId);
  if (!point) throw new Error(`no point ${pointId}`);
  return point;
}

/** Registers between the configured ones: a real device answers them, and merged blocks read across them. */
const filler = (area: '3X' | '4X', from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ area, address: from + i }));

const meterSlaves = () => [
  new SimulatedSlave(1, [
    { name: 'voltage', area: '4X', address: 0, signal: { kind: 'constant', value: 2301 } },
    { name: 'current', area: '4X', address: 1, dataType: 'int16', signal: { kind: 'constant', value: -12 } },
    {
      name: 'power',
      area: '4X',
      address: 2,
      dataType: 'float',
      byteOrder: 'CDAB',
      signal: { kind: 'constant', value: 1234.5 },
    },
    { name: 'relay', area: '0X', address: 0, signal: { kind: 'constant', value: 1 } },
    {
      name: 'total',
      area: '4X',
      address: 10,
      dataType: 'uint32',
      signal: { kind: 'constant', value: 70000 },
    },
    ...filler('4X', 4, 9),
  ]),
  new SimulatedSlave(2, [
    { name: 'temp', area: '3X', address: 0, dataType: 'int16', signal: { kind: 'constant', value: 215 } },
    { name: 'hum', area: '3X', address: 5, signal: { kind: 'constant', value: 48 } },
    ...filler('3X', 1, 4),
  ]),
];

const meterDevice = {
  slaves: [
    {
      slaveId: 1,
      points: [
        { name: 'voltage', area: '4X' as const, address: 0, scale: 0.1, decimals: 1 },
        { name: 'current', area: '4X' as const, address: 1, dataType: 'int16' as const },
        {
          name: 'power',
          area: '4X' as const,
          address: 2,
          dataType: 'float' as const,
          byteOrder: 'CDAB' as const,
          decimals: 2,
        },
        { name: 'relay', area: '0X' as const, address: 0 },
        { name: 'total', area: '4X' as const, address: 10, dataType: 'uint32' as const },
        { name: 'ignored', area: '4X' as const, address: 40, collectMode: 0 },
      ],
    },
    {
      slaveId: 2,
      points: [
        {
          name: 'temp',
          area: '3X' as const,
          address: 0,
          dataType: 'int16' as const,
          scale: 0.1,
          decimals: 1,
        },
        { name: 'hum', area: '3X' as const, address: 5 },
      ],
    },
  ],
};

describe('DTU gateway', () => {
  it('polls two slaves in merged block reads and stores their values', async () => {
    const cycles: PollCycleInfo[] = [];
    const h = await harness({ observer: { pollCycle: (c) => cycles.push(c) } });
    const device = await h.device(meterDevice);
    simulate(h, device, meterSlaves());
    const id = (key: string) => device.pointIds.get(key)!;
    const latest = await waitFor(
      async () => {
        const values = await h.latest(device.id);
        return values.size >= 7 ? values : null;
      },
      15_000,
      'values of both slaves',
    );
    expect(latest.get(id('1:voltage'))).toBe(230.1);
    expect(latest.get(id('1:current'))).toBe(-12);
    expect(latest.get(id('1:power'))).toBe(1234.5);
    expect(latest.get(id('1:relay'))).toBe(1);
    expect(latest.get(id('1:total'))).toBe(70000);
    expect(latest.get(id('2:temp'))).toBe(21.5);
    expect(latest.get(id('2:hum'))).toBe(48);
    expect(latest.has(id('1:ignored'))).toBe(false);
    // slave 1: 4X 0-11 in one block (gap 4..9 read across) + the coil; slave 2: 3X 0-5 in one block
    const first = (slaveId: number) => cycles.find((c) => c.slaveId === slaveId && c.deviceId === device.id);
    expect(first(1)?.requests).toBe(2);
    expect(first(2)?.requests).toBe(1);
    const counters = h.gateway.counters();
    expect(counters.online).toBe(1);
    expect(counters.registered).toBe(1);
    expect(counters.responses).toBeGreaterThanOrEqual(3);
    expect(counters.readings).toBeGreaterThanOrEqual(7);
    await waitFor(
      async () => {
        const [row] = await h.t.database.db.select().from(devices).where(eq(devices.id, device.id));
        return row?.status === 1;
      },
      5000,
      'device online',
    );
  });

  it('writes 06, 10 and 05, confirms on the echo and stores the written value', async () => {
    const h = await harness();
    const device = await h.device(meterDevice);
    const slaves = meterSlaves();
    simulate(h, device, slaves);
    await waitFor(() => h.gateway.counters().online === 1, 10_000, 'registration');
    const write = async (key: string, value: number | boolean, commandId: number) => {
      const point = await pointOf(h.runtime, device.id, device.pointIds.get(key)!);
      return h.runtime.commands.write({ commandId, deviceId: device.id, point, value });
    };
    expect(await write('1:voltage', 231.4, 1)).toEqual({ status: 'resp' });
    expect(slaves[0]!.valueOf('voltage')).toBe(2314);
    expect(await write('1:power', 99.25, 2)).toEqual({ status: 'resp' });
    expect(slaves[0]!.valueOf('power')).toBe(99.25);
    expect(await write('1:relay', false, 3)).toEqual({ status: 'resp' });
    expect(slaves[0]!.valueOf('relay')).toBe(0);
    await waitFor(
      async () => {
        const latest = await h.latest(device.id);
        return (
          latest.get(device.pointIds.get('1:voltage')!) === 231.4 &&
          latest.get(device.pointIds.get('1:power')!) === 99.25 &&
          latest.get(device.pointIds.get('1:relay')!) === 0
        );
      },
      10_000,
      'written values stored',
    );
    const point = await pointOf(h.runtime, device.id, device.pointIds.get('2:temp')!);
    expect(await h.runtime.commands.write({ commandId: 4, deviceId: device.id, point, value: 1 })).toEqual({
      status: 'error',
      error: 'area 3X is read-only',
    });
    const bad = await pointOf(h.runtime, device.id, device.pointIds.get('1:current')!);
    const outOfRange = await h.runtime.commands.write({
      commandId: 5,
      deviceId: device.id,
      point: bad,
      value: 40000,
    });
    expect(outOfRange.status).toBe('error');
    expect(await h.runtime.commands.refresh(device.id)).toBe(true);
  });

  it('answers fail with the exception name and networkError on a timeout', async () => {
    const h = await harness({ networkBudgetMs: 150 });
    const device = await h.device({
      slaves: [
        { slaveId: 1, points: [{ name: 'missing', area: '4X', address: 300, collectMode: 0 }] },
        { slaveId: 9, points: [{ name: 'absent', area: '4X', address: 0, collectMode: 0 }] },
      ],
    });
    simulate(h, device, [new SimulatedSlave(1, [{ area: '4X', address: 0 }])]);
    await waitFor(() => h.gateway.counters().online === 1, 10_000, 'registration');
    const missing = await pointOf(h.runtime, device.id, device.pointIds.get('1:missing')!);
    expect(
      await h.runtime.commands.write({ commandId: 1, deviceId: device.id, point: missing, value: 5 }),
    ).toEqual({
      status: 'fail',
      error: 'illegal data address',
    });
    const absent = await pointOf(h.runtime, device.id, device.pointIds.get('9:absent')!);
    const timedOut = await h.runtime.commands.write({
      commandId: 2,
      deviceId: device.id,
      point: absent,
      value: 5,
    });
    expect(timedOut.status).toBe('networkError');
    const counters = h.gateway.counters();
    expect(counters.exceptions).toBe(1);
    expect(counters.timeouts).toBe(1);
  });

  it('refuses a wrong key, an unknown IMEI, garbage and a legacy IMEI of an unmarked device', async () => {
    const h = await harness();
    const device = await h.device();
    const legacyImei = '861234567890123';
    await h.device({ imei: legacyImei });
    const closed = (payload: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(h.gateway.port, '127.0.0.1', () => socket.write(payload));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
        setTimeout(() => reject(new Error(`not closed: ${payload}`)), 5000).unref();
      });
    await closed(`REG,${device.imei},${'0'.repeat(32)}\r\n`);
    await closed(`REG,99999999,${device.key}\r\n`);
    await closed('GET / HTTP/1.1\r\n\r\n');
    await closed(`${legacyImei}\r\n`);
    expect(h.gateway.counters().rejected).toEqual({ key: 1, unknown: 1, malformed: 1, legacy: 1 });
    expect(h.gateway.counters().registered).toBe(0);
    expect(h.gateway.counters().connections).toBe(0);
  });

  it('accepts the bare IMEI of a device marked legacy', async () => {
    const h = await harness();
    const device = await h.device({ imei: '861234567890124', legacy: true, slaves: meterDevice.slaves });
    const sim = new SimulatedDtu({
      host: '127.0.0.1',
      port: h.gateway.port,
      imei: device.imei,
      legacy: true,
      heartbeatIntervalMs: 0,
      slaves: meterSlaves(),
    }).start();
    cleanups.push(() => sim.stop());
    await waitFor(
      async () => (await h.latest(device.id)).get(device.pointIds.get('2:hum')!) === 48,
      10_000,
      'values',
    );
  });

  it('replaces the first connection of an IMEI by the second', async () => {
    const h = await harness();
    const device = await h.device(meterDevice);
    const first = simulate(h, device, meterSlaves());
    await waitFor(() => first.connected && h.gateway.counters().online === 1, 10_000, 'first');
    const second = simulate(h, device, meterSlaves());
    await waitFor(() => h.gateway.counters().replaced === 1 && !first.connected, 10_000, 'replacement');
    expect(second.connected).toBe(true);
    expect(h.gateway.counters().online).toBe(1);
    expect(await h.runtime.commands.refresh(device.id)).toBe(true);
  });

  it('kicks a connection whose key was rotated', async () => {
    const h = await harness();
    const device = await h.device(meterDevice);
    const sim = simulate(h, device, meterSlaves());
    await waitFor(() => h.gateway.counters().online === 1, 10_000, 'registration');
    await h.t.database.db
      .update(devices)
      .set({ dtuKeyHash: hashDeviceSecret('a'.repeat(32)) })
      .where(eq(devices.id, device.id));
    h.runtime.bus.publish('device.changed', { deviceId: device.id, kind: 'credentials' });
    await waitFor(() => h.gateway.counters().online === 0 && !sim.connected, 10_000, 'kick');
    expect(await h.runtime.commands.refresh(device.id)).toBe(false);
  });

  it('rejects a taken port with ListenerPortError', async () => {
    const h = await harness();
    await expect(startDtuGateway(h.runtime, { port: h.gateway.port, host: '127.0.0.1' })).rejects.toThrow(
      new ListenerPortError(h.gateway.port, 'DTU_PORT'),
    );
  });
});
