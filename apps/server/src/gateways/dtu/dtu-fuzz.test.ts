/**
 * Hostile bytes on one DTU connection: counted and dropped, never a crash, never a value on another
 * device. Device A is a scripted raw socket that answers the platform's requests with corrupted
 * frames; device B is a well-behaved simulated gateway with the same slave id and addresses.
 */
import net from 'node:net';
import { createRandom, RequestFramer, DtuGateway as SimulatedDtu, SimulatedSlave } from '@fleet/device-sim';
import { appendCrc, buildRegistrationPacket } from '@fleet/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredReading } from '../../pipeline/types.js';
import { type DtuHarness, startDtuHarness, type TestDtuDevice, waitFor } from './dtu.fixtures.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const slaveSpec = {
  slaves: [
    {
      slaveId: 1,
      points: [
        { name: 'a', area: '4X' as const, address: 0 },
        { name: 'b', area: '4X' as const, address: 1 },
      ],
    },
  ],
};

const slaveWith = (a: number, b: number) =>
  new SimulatedSlave(1, [
    { name: 'a', area: '4X', address: 0, signal: { kind: 'constant', value: a } },
    { name: 'b', area: '4X', address: 1, signal: { kind: 'constant', value: b } },
  ]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A frame with a valid CRC whose byte `index` was changed (another slave, another function). */
const withByte = (adu: Uint8Array, index: number, value: number) => {
  const body = adu.slice(0, adu.length - 2);
  body[index] = value;
  return appendCrc(body);
};

const badCrc = (adu: Uint8Array) => {
  const copy = adu.slice();
  copy[copy.length - 1]! ^= 0xff;
  return copy;
};

/**
 * A raw gateway that answers request n with `script[n]` (then correctly), and sprays random bytes
 * between answers.
 */
function hostileGateway(h: DtuHarness, device: TestDtuDevice, slave: SimulatedSlave) {
  const random = createRandom(7);
  const noise = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  type Answer = (socket: net.Socket, good: Uint8Array) => Promise<void>;
  const script: Answer[] = [
    async (s, good) => void s.write(badCrc(good)),
    async (s, good) => void s.write(withByte(good, 0, 2)),
    async (s, good) => void s.write(withByte(good, 1, 0x04)),
    async (s) => void s.write(noise(37)),
    async (s, good) => {
      for (const byte of good) {
        s.write(Uint8Array.of(byte));
        await sleep(3);
      }
    },
    async (s, good) => void s.write(Buffer.concat([good, noise(5)])),
  ];
  let answered = 0;
  const socket = net.connect(h.gateway.port, '127.0.0.1');
  socket.on('error', () => undefined);
  const framer = new RequestFramer();
  let chain = Promise.resolve();
  socket.on('connect', () => {
    const packet = buildRegistrationPacket(device.imei, device.key);
    // The registration packet itself arrives split.
    socket.write(packet.subarray(0, 7));
    setTimeout(() => socket.write(packet.subarray(7)), 20);
  });
  socket.on('data', (chunk: Buffer) => {
    for (const request of framer.push(chunk)) {
      const good = slave.handle(request);
      if (!good) continue;
      const step = script[answered++] ?? (async (s: net.Socket, g: Uint8Array) => void s.write(g));
      chain = chain.then(() => step(socket, good)).catch(() => undefined);
    }
  });
  const spray = setInterval(() => {
    if (!socket.destroyed) socket.write(noise(1 + Math.floor(random() * 20)));
  }, 170);
  cleanups.push(async () => {
    clearInterval(spray);
    socket.destroy();
  });
  return { answered: () => answered };
}

describe('DTU gateway with hostile input', () => {
  it('drops corrupt, foreign, split, merged and random bytes without touching another device', async () => {
    const h = await startDtuHarness({ networkBudgetMs: 150 });
    cleanups.push(() => h.close());
    const stored: StoredReading[] = [];
    h.runtime.pipeline.onStored((batch) => stored.push(...batch));

    const bad = await h.device(slaveSpec);
    const good = await h.device(slaveSpec);

    // Garbage before any registration packet: refused and closed.
    await new Promise<void>((resolve) => {
      const s = net.connect(h.gateway.port, '127.0.0.1', () =>
        s.write(Uint8Array.of(0x01, 0x03, 0x00, 0xff, 0x13)),
      );
      s.on('error', () => undefined);
      s.on('close', () => resolve());
    });
    expect(h.gateway.counters().rejected.malformed).toBe(1);

    const sim = new SimulatedDtu({
      host: '127.0.0.1',
      port: h.gateway.port,
      imei: good.imei,
      key: good.key,
      heartbeatIntervalMs: 0,
      slaves: [slaveWith(333, 444)],
      chunking: { maxChunk: 3, gapMs: 1 },
    }).start();
    cleanups.push(() => sim.stop());
    const hostile = hostileGateway(h, bad, slaveWith(111, 222));

    const id = (d: TestDtuDevice, name: string) => d.pointIds.get(`1:${name}`)!;
    await waitFor(
      async () => {
        const a = await h.latest(bad.id);
        const b = await h.latest(good.id);
        return (
          hostile.answered() > 8 &&
          a.get(id(bad, 'a')) === 111 &&
          a.get(id(bad, 'b')) === 222 &&
          b.get(id(good, 'a')) === 333 &&
          b.get(id(good, 'b')) === 444
        );
      },
      20_000,
      'both devices with their own values',
    );

    const expected = new Map([
      [id(bad, 'a'), 111],
      [id(bad, 'b'), 222],
      [id(good, 'a'), 333],
      [id(good, 'b'), 444],
    ]);
    for (const r of stored) {
      expect(r.deviceId === bad.id || r.deviceId === good.id).toBe(true);
      expect(r.value, `point ${r.pointId}`).toBe(expected.get(r.pointId));
    }
    const counters = h.gateway.counters();
    expect(counters.online).toBe(2);
    expect(counters.timeouts).toBeGreaterThanOrEqual(4);
    expect(counters.badFrames).toBeGreaterThan(0);
    expect(counters.garbageBytes).toBeGreaterThan(0);
  });
});
