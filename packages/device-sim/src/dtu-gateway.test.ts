import {
  decodeValue,
  ModbusExceptionError,
  ModbusTimeoutError,
  parseHeartbeatContent,
} from '@fleet/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { DtuGateway, type DtuGatewayEvent, type DtuGatewayOptions } from './dtu-gateway.js';
import { SimulatedSlave } from './modbus-slave.js';
import { TestDtuPlatform } from './test-platform.js';

const IMEI = '866123456789012';
const KEY = '0123456789abcdef0123456789abcdef';

const slaves = () => [
  new SimulatedSlave(1, [
    {
      name: 'temp',
      area: '4X',
      address: 0,
      dataType: 'int16',
      scale: 0.1,
      signal: { kind: 'walk', min: 15, max: 30 },
    },
    {
      name: 'pressure',
      area: '4X',
      address: 1,
      dataType: 'float',
      signal: { kind: 'sine', min: 1, max: 6, periodMs: 10_000 },
    },
    { name: 'setpoint', area: '4X', address: 3, signal: { kind: 'constant', value: 50 } },
  ]),
  new SimulatedSlave(2, [
    { name: 'level', area: '3X', address: 0, signal: { kind: 'walk', min: 0, max: 100 } },
  ]),
];

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setup(extra: Partial<DtuGatewayOptions> = {}, heartbeat = 'PING') {
  const hb = parseHeartbeatContent(heartbeat);
  if (!hb.ok) throw new Error(hb.error);
  const platform = new TestDtuPlatform({ heartbeat: hb.bytes });
  const port = await platform.listen();
  const events: DtuGatewayEvent[] = [];
  const gw = new DtuGateway({
    host: '127.0.0.1',
    port,
    imei: IMEI,
    key: KEY,
    heartbeat,
    heartbeatIntervalMs: 30,
    slaves: slaves(),
    reconnect: { initialMs: 20, maxMs: 100 },
    ...extra,
  });
  gw.on('event', (e) => events.push(e));
  cleanup.push(() => platform.close());
  cleanup.push(() => gw.stop());
  gw.start();
  const conn = await platform.nextConnection(0);
  return { platform, gw, conn, events };
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('DtuGateway', () => {
  it('registers with its packet and sends heartbeats the platform strips', async () => {
    const { conn } = await setup();
    expect(conn.registration).toMatchObject({ imei: IMEI, key: KEY, legacy: false });
    await until(() => conn.events.filter((e) => e.type === 'heartbeat').length >= 2);
  });

  it('answers reads within the signal range, and a write reads back', async () => {
    const { conn } = await setup();
    for (let i = 0; i < 5; i++) {
      const r = await conn.queue.enqueue({ slave: 1, fn: 0x03, address: 0, quantity: 3 });
      if (!('registers' in r)) throw new Error('no registers');
      const temp = decodeValue(r.registers.slice(0, 1), 'int16', { scale: 0.1 });
      const p = decodeValue(r.registers.slice(1, 3), 'float');
      expect(temp.ok && (temp.value as number) >= 15 && (temp.value as number) <= 30).toBe(true);
      expect(p.ok && (p.value as number) >= 1 && (p.value as number) <= 6).toBe(true);
    }
    const level = await conn.queue.enqueue({ slave: 2, fn: 0x04, address: 0, quantity: 1 });
    expect('registers' in level && level.registers[0]! <= 100).toBe(true);
    await conn.queue.enqueue({ slave: 1, fn: 0x06, address: 3, value: 77 });
    const back = await conn.queue.enqueue({ slave: 1, fn: 0x03, address: 3, quantity: 1 });
    expect(back).toEqual({ fn: 0x03, registers: [77] });
  });

  it('chunked and delayed answers still parse, with hex heartbeats in between', async () => {
    const { conn } = await setup(
      { chunking: { maxChunk: 3, gapMs: 2 }, latencyMs: [1, 10], heartbeatIntervalMs: 5 },
      '0xFE01',
    );
    let chunks = 0;
    conn.socket.on('data', () => chunks++);
    for (let i = 0; i < 10; i++) {
      const r = await conn.queue.enqueue({ slave: 1, fn: 0x03, address: 0, quantity: 4 });
      expect('registers' in r && r.registers.length).toBe(4);
    }
    expect(conn.queue.counters.responses).toBe(10);
    expect(conn.queue.stream.garbageBytes).toBe(0);
    expect(conn.events.some((e) => e.type === 'heartbeat')).toBe(true);
    // the answers really came in pieces: frames were completed across several 'data' events
    expect(chunks).toBeGreaterThan(10);
  });

  it('an unmapped address gives exception 2; an absent slave stays silent', async () => {
    const { conn, events } = await setup();
    const err = await conn.queue.enqueue({ slave: 1, fn: 0x03, address: 100, quantity: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(ModbusExceptionError);
    expect((err as ModbusExceptionError).code).toBe(2);
    const silent = await conn.queue.enqueue({ slave: 9, fn: 0x03, address: 0, quantity: 1 }).catch((e) => e);
    expect(silent).toBeInstanceOf(ModbusTimeoutError);
    expect(events).toContainEqual({ type: 'silent', slave: 9 });
  });

  it('reconnects and registers again after the server closes the socket', async () => {
    const { platform, gw, conn } = await setup();
    conn.socket.destroy();
    const second = await platform.nextConnection(1);
    expect(second.registration).toMatchObject({ imei: IMEI });
    expect(gw.connections).toBe(2);
    const r = await second.queue.enqueue({ slave: 1, fn: 0x03, address: 3, quantity: 1 });
    expect(r).toEqual({ fn: 0x03, registers: [50] });
  });

  it('registers with the bare IMEI when legacy', async () => {
    const platform = new TestDtuPlatform({ allowLegacy: true });
    const port = await platform.listen();
    const gw = new DtuGateway({
      host: '127.0.0.1',
      port,
      imei: IMEI,
      legacy: true,
      heartbeatIntervalMs: 0,
      slaves: [],
    });
    cleanup.push(() => platform.close());
    cleanup.push(() => gw.stop());
    gw.start();
    const conn = await platform.nextConnection(0);
    expect(conn.registration).toMatchObject({ imei: IMEI, key: null, legacy: true });
  });

  it('rejects a bad key or heartbeat up front', () => {
    const base = { host: '127.0.0.1', port: 1, imei: IMEI, slaves: [] };
    expect(() => new DtuGateway({ ...base, key: 'nope' })).toThrow(RangeError);
    expect(() => new DtuGateway({ ...base, key: KEY, heartbeat: '0xF' })).toThrow(RangeError);
  });
});
