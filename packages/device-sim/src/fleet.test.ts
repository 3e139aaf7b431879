import net from 'node:net';
import { isValidImei, parseTelemetry, planReads } from '@fleet/protocols';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { planFleet, startFleet } from './fleet.js';
import { TestDtuPlatform } from './test-platform.js';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('planFleet', () => {
  it('plans unique valid IMEIs, slaves and registers', () => {
    const plan = planFleet({ mqttDevices: 3, dtuGateways: 2, slavesPerGateway: 2, registersPerSlave: 6 });
    const imeis = [...plan.mqtt.map((d) => d.imei), ...plan.dtu.map((g) => g.imei)];
    expect(new Set(imeis).size).toBe(5);
    expect(imeis.every(isValidImei)).toBe(true);
    expect(plan.dtu[0]!.slaves.map((s) => s.id)).toEqual([1, 2]);
    const points = plan.dtu[0]!.slaves[0]!.points;
    expect(points).toHaveLength(6);
    // the registers are adjacent: one block read covers a slave
    const reads = planReads(
      points.map((p) => ({ key: p.name, area: p.area, address: p.address, dataType: p.dataType! })),
    );
    expect(reads.blocks).toHaveLength(1);
    expect(planFleet({ mqttDevices: 1, dtuGateways: 0 })).toEqual(
      planFleet({ mqttDevices: 1, dtuGateways: 0 }),
    );
  });

  it('rejects silly descriptions', () => {
    expect(() => planFleet({ mqttDevices: -1, dtuGateways: 0 })).toThrow(RangeError);
    expect(() => planFleet({ mqttDevices: 0, dtuGateways: 1, slavesPerGateway: 255 })).toThrow(RangeError);
  });
});

describe('startFleet', () => {
  it('runs MQTT devices and a DTU gateway against a broker and a DTU listener', async () => {
    const aedes = await Aedes.createBroker();
    const server = net.createServer(aedes.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const mqttUrl = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    cleanup.push(async () => {
      await new Promise<void>((r) => aedes.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    });
    const dtuPlatform = new TestDtuPlatform();
    const dtuPort = await dtuPlatform.listen();
    cleanup.push(() => dtuPlatform.close());
    const listener = await mqtt.connectAsync(mqttUrl, { clientId: 'platform' });
    cleanup.push(() => listener.endAsync());
    await listener.subscribeAsync('d/+/up', { qos: 1 });
    const seen = new Set<string>();
    listener.on('message', (topic, payload) => {
      if (parseTelemetry(payload).ok) seen.add(topic);
    });

    const plan = planFleet({ mqttDevices: 2, dtuGateways: 1, mqttIntervalMs: 20, heartbeatIntervalMs: 0 });
    const fleet = await startFleet(plan, {
      mqttUrl,
      dtu: { host: '127.0.0.1', port: dtuPort },
      mqttPassword: (imei) => `pw-${imei}`,
      dtuKey: () => '0123456789abcdef0123456789abcdef',
    });
    cleanup.push(() => fleet.stop());
    const conn = await dtuPlatform.nextConnection(0);
    expect(conn.registration.imei).toBe(plan.dtu[0]!.imei);
    const r = await conn.queue.enqueue({ slave: 2, fn: 0x03, address: 0, quantity: 4 });
    expect('registers' in r && r.registers).toHaveLength(4);
    const end = Date.now() + 3000;
    while (seen.size < 2 && Date.now() < end) await new Promise((res) => setTimeout(res, 10));
    expect([...seen].sort()).toEqual(plan.mqtt.map((d) => `d/${d.imei}/up`).sort());
  });
});
