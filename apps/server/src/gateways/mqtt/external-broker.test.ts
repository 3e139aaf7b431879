import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnofflineLog } from '../../modules/connectivity/connectivity.table.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { eventually, mqttDevice } from './mqtt-test-support.js';

/** Scale-out mode against the real Mosquitto of TEST_MQTT_URL (CI sets it). */
const url = process.env.TEST_MQTT_URL;
let t: TestApp;
let gateway: MqttGateway;
const clients: MqttClient[] = [];

/** Random 15-digit IMEIs: the broker is shared with whatever else runs on this machine. */
const randomImei = () =>
  `9${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;

const deviceClient = async (imei: string) => {
  const client = await mqtt.connectAsync(url!, {
    clientId: `${imei}-${randomUUID().slice(0, 6)}`,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
};

describe.skipIf(!url)('MQTT gateway with an external broker', () => {
  beforeAll(async () => {
    t = await createTestApp();
    gateway = await startMqttGateway(t.runtime, {
      url,
      commandTimeoutMs: 3000,
      // A group of its own, so no other process on the broker takes this test's messages.
      shareGroup: `test-${randomUUID().slice(0, 8)}`,
    });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await gateway?.close();
    await t?.close();
  });

  it('stores telemetry of known devices, marks them online from traffic, drops unknown IMEIs', async () => {
    const d = await mqttDevice(t, undefined, randomImei());
    expect(gateway.port).toBeNull();
    const client = await deviceClient(d.imei);
    await client.publishAsync(
      `d/${d.imei}/up`,
      JSON.stringify({ ts: Date.UTC(2026, 1, 1), values: { temp: 3.5 } }),
      {
        qos: 1,
      },
    );
    await eventually(async () =>
      expect(await t.runtime.pipeline.latestOf(d.device.id)).toEqual([
        { pointId: d.temp.id, ts: Date.UTC(2026, 1, 1), value: 3.5 },
      ]),
    );
    await eventually(async () => {
      const log = await t.database.db
        .select()
        .from(deviceOnofflineLog)
        .where(eq(deviceOnofflineLog.deviceId, d.device.id));
      expect(log.map((r) => [r.status, r.via])).toEqual([[1, 'mqtt']]);
    });

    const before = gateway.counters().unknownDevices;
    const stranger = randomImei();
    await client.publishAsync(`d/${stranger}/up`, JSON.stringify({ values: { temp: 1 } }), { qos: 1 });
    // At least: other suites' devices on the machine's broker (a CI lane beside this one) are
    // strangers to this database too.
    await eventually(() => expect(gateway.counters().unknownDevices - before).toBeGreaterThanOrEqual(1));
  });

  it('routes commands to d/{imei}/down and settles them with the device ack', async () => {
    const d = await mqttDevice(t, undefined, randomImei());
    const client = await deviceClient(d.imei);
    await client.subscribeAsync(`d/${d.imei}/down`, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const { cmd_id } = JSON.parse(payload.toString()) as { cmd_id: string };
      client.publish(`d/${d.imei}/ack`, JSON.stringify({ cmd_id, ok: true }), { qos: 1 });
    });
    await client.publishAsync(`d/${d.imei}/up`, JSON.stringify({ values: { temp: 1 } }), { qos: 1 });
    await eventually(async () => expect(await t.runtime.pipeline.latestOf(d.device.id)).toHaveLength(1));
    const outcome = await t.runtime.commands.write({
      commandId: 900,
      deviceId: d.device.id,
      point: { ...d.temp, slaveId: null } as never,
      value: 5,
    });
    expect(outcome).toEqual({ status: 'resp' });
  });
});
