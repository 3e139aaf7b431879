import { createServer } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnofflineLog } from '../../modules/connectivity/connectivity.table.js';
import { devices } from '../../modules/devices/devices.table.js';
import { hashDeviceSecret } from '../../modules/devices/secret-hash.js';
import type { Reading } from '../../pipeline/types.js';
import { BUS } from '../../platform/bus/event-bus.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ListenerPortError } from '../listen-error.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { closed, connectDevice, eventually, mqttDevice } from './mqtt-test-support.js';

let t: TestApp;
let gateway: MqttGateway;
let port: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  gateway = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1', commandTimeoutMs: 300 });
  port = gateway.port!;
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await gateway?.close();
  await t?.close();
});

const connect = async (imei: string, password: string, options: { clientId?: string } = {}) => {
  const client = await connectDevice(port, imei, password, options);
  clients.push(client);
  return client;
};
const latest = async (deviceId: number) =>
  new Map((await t.runtime.pipeline.latestOf(deviceId)).map((v) => [v.pointId, v]));
const logOf = (deviceId: number) =>
  t.database.db
    .select()
    .from(deviceOnofflineLog)
    .where(eq(deviceOnofflineLog.deviceId, deviceId))
    .orderBy(asc(deviceOnofflineLog.id));
const statusOf = async (deviceId: number) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

describe('MQTT gateway: login', () => {
  it('accepts IMEI / per-device secret and marks the device online once', async () => {
    const d = await mqttDevice(t);
    await connect(d.imei, d.password);
    await eventually(async () => expect((await statusOf(d.device.id)).status).toBe(1));
    expect((await logOf(d.device.id)).map((r) => [r.status, r.via, r.reason])).toEqual([[1, 'mqtt', '']]);
  });

  it('refuses a wrong password, an unknown IMEI and a client id that is not the username', async () => {
    const d = await mqttDevice(t);
    const before = gateway.counters().authFailures;
    await expect(connectDevice(port, d.imei, 'wrong')).rejects.toThrow(/bad username or password/i);
    await expect(connectDevice(port, '999999999999999', d.password)).rejects.toThrow(
      /bad username or password/i,
    );
    await expect(connectDevice(port, d.imei, d.password, { clientId: `${d.imei}1` })).rejects.toThrow(
      /bad username or password/i,
    );
    expect(gateway.counters().authFailures - before).toBe(3);
    expect((await statusOf(d.device.id)).status).toBe(0);
  });

  it('refuses an expired device', async () => {
    const d = await mqttDevice(t);
    await t.database.db
      .update(devices)
      .set({ expireAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(devices.id, d.device.id));
    await expect(connectDevice(port, d.imei, d.password)).rejects.toThrow(/bad username or password/i);
  });
});

describe('MQTT gateway: telemetry', () => {
  it('stores values (QoS 1 acknowledged after they are durable), skips unknown names, records csq', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    const before = gateway.counters();
    await client.publishAsync(
      `d/${d.imei}/up`,
      JSON.stringify({ ts: Date.UTC(2026, 0, 2), values: { temp: 21.5, mode: 'auto', nope: 1 }, csq: 23 }),
      { qos: 1 },
    );
    const values = await latest(d.device.id);
    expect(values.get(d.temp.id)).toMatchObject({ value: 21.5, ts: Date.UTC(2026, 0, 2) });
    expect(values.get(d.mode.id)).toMatchObject({ value: 'auto' });
    const after = gateway.counters();
    expect(after.unknownPoints - before.unknownPoints).toBe(1);
    expect(after.readings - before.readings).toBe(2);
    await eventually(async () => expect((await statusOf(d.device.id)).csq).toBe(23));
  });

  it('uses the receive time when ts is absent', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    await client.publishAsync(`d/${d.imei}/up`, JSON.stringify({ values: { temp: 7 } }), { qos: 1 });
    expect((await latest(d.device.id)).get(d.temp.id)?.ts).toBe(t.clock().getTime());
  });

  it('withholds the PUBACK while the readings are not durable', async () => {
    const d = await mqttDevice(t);
    let release!: () => void;
    const received: Reading[][] = [];
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The gateway is real; only the pipeline is a double whose ingest the test settles.
    const runtime: DeviceRuntime = {
      ...t.runtime,
      pipeline: {
        ...t.runtime.pipeline,
        ingest: (readings) => {
          received.push([...readings]);
          return pending;
        },
      },
    };
    const slow = await startMqttGateway(runtime, { port: 0, host: '127.0.0.1' });
    try {
      const client = await connectDevice(slow.port!, d.imei, d.password);
      clients.push(client);
      let acked = false;
      const publish = client
        .publishAsync(`d/${d.imei}/up`, JSON.stringify({ values: { temp: 1 } }), { qos: 1 })
        .then(() => {
          acked = true;
        });
      await eventually(() => expect(received).toHaveLength(1));
      // Give a PUBACK every chance to arrive if the broker sent one early.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(acked).toBe(false);
      release();
      await publish;
      expect(acked).toBe(true);
      client.end(true);
    } finally {
      await slow.close();
    }
  });

  it('drops malformed and oversize payloads, keeps the connection and stores nothing', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    const before = gateway.counters();
    await client.publishAsync(`d/${d.imei}/up`, '{not json', { qos: 1 });
    await client.publishAsync(`d/${d.imei}/up`, JSON.stringify({ values: { temp: 'x'.repeat(2000) } }), {
      qos: 1,
    });
    await client.publishAsync(`d/${d.imei}/up`, Buffer.alloc(70 * 1024, 0x20), { qos: 1 });
    const after = gateway.counters();
    expect(after.malformed - before.malformed).toBe(2);
    expect(after.oversize - before.oversize).toBe(1);
    expect(client.connected).toBe(true);
    expect(await t.runtime.pipeline.latestOf(d.device.id)).toEqual([]);
  });
});

describe('MQTT gateway: authorization', () => {
  it("refuses publishing to another device's topic and closes the connection", async () => {
    const a = await mqttDevice(t);
    const b = await mqttDevice(t);
    const client = await connect(a.imei, a.password);
    const before = gateway.counters().denied;
    client.publish(`d/${b.imei}/up`, JSON.stringify({ values: { temp: 99 } }), { qos: 1 });
    await closed(client);
    expect(gateway.counters().denied - before).toBe(1);
    expect(await t.runtime.pipeline.latestOf(b.device.id)).toEqual([]);
  });

  it("refuses subscribing to another device's topics (SUBACK failure), the connection stays", async () => {
    const a = await mqttDevice(t);
    const client = await connect(a.imei, a.password);
    const before = gateway.counters().denied;
    await expect(client.subscribeAsync('d/+/down', { qos: 1 })).rejects.toThrow(/subscribe error/i);
    const granted = await client.subscribeAsync(`d/${a.imei}/down`, { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    expect(gateway.counters().denied - before).toBe(1);
    expect(client.connected).toBe(true);
  });
});

describe('MQTT gateway: connections', () => {
  it('a second connection with the same identity replaces the first; the device stays online', async () => {
    const d = await mqttDevice(t);
    const first = await connect(d.imei, d.password);
    await eventually(async () => expect((await statusOf(d.device.id)).status).toBe(1));
    const second = await connect(d.imei, d.password);
    await closed(first);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await statusOf(d.device.id)).status).toBe(1);
    expect((await logOf(d.device.id)).map((r) => r.status)).toEqual([1]);
    second.end();
    await eventually(async () =>
      expect((await logOf(d.device.id)).map((r) => [r.status, r.reason])).toEqual([
        [1, ''],
        [0, 'closed'],
      ]),
    );
  });

  it('kicks a connection whose credentials were rotated', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    await eventually(async () => expect((await statusOf(d.device.id)).status).toBe(1));
    await t.database.db
      .update(devices)
      .set({ mqttPasswordHash: hashDeviceSecret('rotated-secret') })
      .where(eq(devices.id, d.device.id));
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId: d.device.id, kind: 'credentials' });
    await closed(client);
    await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(deviceOnofflineLog)
        .where(and(eq(deviceOnofflineLog.deviceId, d.device.id), eq(deviceOnofflineLog.status, 0)));
      expect(rows.map((r) => r.reason)).toEqual(['kicked']);
    });
  });

  it('a taken port fails with a one-line message naming MQTT_PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const error = await startMqttGateway(t.runtime, { port: taken, host: '127.0.0.1' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ListenerPortError);
      expect((error as Error).message).toBe(
        `Port ${taken} is already in use; set MQTT_PORT to another port (0 picks a free one).`,
      );
    } finally {
      blocker.close();
    }
  });
});

describe('MQTT gateway: commands', () => {
  const writeTo = (d: Awaited<ReturnType<typeof mqttDevice>>, commandId: number, value: number) =>
    t.runtime.commands.write({
      commandId,
      deviceId: d.device.id,
      point: { ...d.temp, slaveId: null } as never,
      value,
    });

  it('publishes the write on d/{imei}/down and resolves with the device ack', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    await client.subscribeAsync(`d/${d.imei}/down`, { qos: 1 });
    await eventually(async () => expect((await statusOf(d.device.id)).status).toBe(1));
    const commands: unknown[] = [];
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { cmd_id: string };
      commands.push(command);
      const ok = command.cmd_id === 'c-41';
      client.publish(
        `d/${d.imei}/ack`,
        JSON.stringify(
          ok ? { cmd_id: command.cmd_id, ok } : { cmd_id: command.cmd_id, ok, error: 'out of range' },
        ),
      );
    });
    expect(await writeTo(d, 41, 22.5)).toEqual({ status: 'resp' });
    expect(await writeTo(d, 42, 1e9)).toEqual({ status: 'fail', error: 'out of range' });
    expect(commands[0]).toEqual({ cmd_id: 'c-41', writes: { temp: 22.5 } });
  });

  it('times out without an ack, ignores acks of unknown commands, fails on disconnect', async () => {
    const d = await mqttDevice(t);
    const client = await connect(d.imei, d.password);
    await eventually(async () => expect((await statusOf(d.device.id)).status).toBe(1));
    expect(await writeTo(d, 50, 1)).toEqual({ status: 'networkError', error: 'no answer within 0.3 s' });
    const before = gateway.counters().unknownAcks;
    await client.publishAsync(`d/${d.imei}/ack`, JSON.stringify({ cmd_id: 'c-50', ok: true }), { qos: 1 });
    expect(gateway.counters().unknownAcks - before).toBe(1);
    const pending = writeTo(d, 51, 2);
    client.end(true);
    expect(await pending).toMatchObject({ status: 'networkError' });
    expect(await writeTo(d, 52, 3)).toMatchObject({ status: 'networkError', error: 'device offline' });
  });
});
