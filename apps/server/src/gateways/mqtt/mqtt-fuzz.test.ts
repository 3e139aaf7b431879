import { connect as tcpConnect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slaveDevices } from '../../modules/devices/devices.table.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { closed, connectDevice, mqttDevice } from './mqtt-test-support.js';

/** Hostile input against the embedded broker: it is counted and dropped, nothing else moves. */
let t: TestApp;
let gateway: MqttGateway;

beforeAll(async () => {
  t = await createTestApp();
  gateway = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

/** Small seeded generator so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBytes(next: () => number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

describe('MQTT gateway under hostile input', () => {
  it('survives garbage, bad payloads and topic floods; another device is untouched', async () => {
    const hostile = await mqttDevice(t);
    const good = await mqttDevice(t);
    const [slave] = await t.database.db
      .insert(slaveDevices)
      .values({ deviceId: hostile.device.id, name: 'meter', slaveId: 3 })
      .returning();
    expect(slave).toBeDefined();
    const next = random(20260301);

    // 1. Raw garbage on fresh TCP connections (no MQTT CONNECT at all).
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const socket = tcpConnect(gateway.port!, '127.0.0.1', () => {
          socket.write(randomBytes(next, 1 + Math.floor(next() * 512)));
          setTimeout(() => socket.destroy(), 20);
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    }

    // 2. The well-behaved device reports before the storm.
    const goodClient = await connectDevice(gateway.port!, good.imei, good.password);
    await goodClient.publishAsync(
      `d/${good.imei}/up`,
      JSON.stringify({ ts: Date.UTC(2026, 0, 1), values: { temp: 1.5 } }),
      {
        qos: 1,
      },
    );

    // 3. The hostile device, logged in, sends everything wrong on its own topics.
    const client = await connectDevice(gateway.port!, hostile.imei, hostile.password);
    const up = `d/${hostile.imei}/up`;
    const before = gateway.counters();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const manyKeys = JSON.stringify({
      values: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i])),
    });
    const bad: Array<string | Buffer> = [
      ...Array.from({ length: 30 }, () => randomBytes(next, Math.floor(next() * 300))),
      '{"values":',
      'null',
      '[]',
      deep,
      manyKeys,
      JSON.stringify({ values: { temp: Number.MAX_VALUE }, extra: true }),
      JSON.stringify({ values: { __proto__: 1 } }).replace('"values":{}', '"values":{"__proto__":1}'),
      JSON.stringify({ values: { temp: { nested: 1 } } }),
      JSON.stringify({ values: { temp: 1 }, ts: -5 }),
      JSON.stringify({ values: { temp: 1 }, slave: 0 }),
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
      Buffer.alloc(65 * 1024, 0x7b),
      Buffer.alloc(1000 * 1024, 0x20),
    ];
    for (const payload of bad) await client.publishAsync(up, payload, { qos: 1 });
    // Unknown points and a slave that has none of these names: skipped, nothing stored.
    await client.publishAsync(up, JSON.stringify({ values: { ghost: 1, temp: 2 }, slave: 3 }), { qos: 1 });
    await client.publishAsync(up, JSON.stringify({ values: { nothing: 1 } }), { qos: 1 });
    // A flood of topics under its own prefix that mean nothing to the platform.
    for (let i = 0; i < 200; i++)
      client.publish(`d/${hostile.imei}/x${i}/${Math.floor(next() * 1e6)}`, 'junk');
    await client.publishAsync(`d/${hostile.imei}/ack`, '{"cmd_id":"c-1","ok":true}', { qos: 1 });
    const after = gateway.counters();
    expect(client.connected).toBe(true);
    expect(after.malformed - before.malformed).toBeGreaterThanOrEqual(40);
    expect(after.oversize - before.oversize).toBe(2);
    expect(after.unknownPoints - before.unknownPoints).toBe(3);
    expect(after.ignored - before.ignored).toBe(200);
    expect(after.unknownAcks - before.unknownAcks).toBe(1);
    expect(await t.runtime.pipeline.latestOf(hostile.device.id)).toEqual([]);

    // 4. Topics of the other device: refused, connection closed, nothing written there.
    client.publish(`d/${good.imei}/up`, JSON.stringify({ values: { temp: 666 } }), { qos: 1 });
    await closed(client);
    for (const topic of [`d/${good.imei}/down`, '$SYS/x', 'd/+/up', `d/${hostile.imei}/down`]) {
      const again = await connectDevice(gateway.port!, hostile.imei, hostile.password);
      again.publish(topic, '{"values":{"temp":7}}', { qos: 1 });
      await closed(again);
    }
    expect(gateway.counters().denied - after.denied).toBeGreaterThanOrEqual(4);

    // 5. A packet announcing more than 1 MiB ends the connection, logged in or not.
    const oversizeBefore = gateway.counters().oversize;
    const big = await connectDevice(gateway.port!, hostile.imei, hostile.password);
    big.publish(up, Buffer.alloc(2 * 1024 * 1024, 0x20), { qos: 1 });
    await closed(big);
    await new Promise<void>((resolve) => {
      const socket = tcpConnect(gateway.port!, '127.0.0.1', () => {
        socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f])); // CONNECT announcing ~256 MB
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    expect(gateway.counters().oversize - oversizeBefore).toBe(2);

    // 6. The process is alive, the good device's data is exactly what it sent.
    await goodClient.publishAsync(
      `d/${good.imei}/up`,
      JSON.stringify({ ts: Date.UTC(2026, 0, 2), values: { temp: 2.5 } }),
      {
        qos: 1,
      },
    );
    expect(await t.runtime.pipeline.latestOf(good.device.id)).toEqual([
      { pointId: good.temp.id, ts: Date.UTC(2026, 0, 2), value: 2.5 },
    ]);
    expect(await t.runtime.pipeline.latestOf(hostile.device.id)).toEqual([]);
    const slaves = await t.database.db
      .select()
      .from(slaveDevices)
      .where(eq(slaveDevices.deviceId, good.device.id));
    expect(slaves).toEqual([]);
    goodClient.end(true);
  });
});
