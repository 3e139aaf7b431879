import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointHistory } from '../../pipeline/pipeline.table.js';
import { createRuntime, type DeviceRuntime } from '../../platform/runtime.js';
import { scaleOutKeys } from '../../test-support/scale-out-keys.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { eventually, mqttDevice } from './mqtt-test-support.js';

/**
 * Two instances (two runtimes on one database, Redis bus and router) in one shared subscription
 * group of the real Mosquitto: each message reaches one of them, yet every command is settled by
 * its device's ack whichever instance the ack lands on.
 */
const mqttUrl = process.env.TEST_MQTT_URL;
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
let second: DeviceRuntime;
const gateways: MqttGateway[] = [];
let device: MqttClient | undefined;

describe.skipIf(!mqttUrl || !redisUrl)('MQTT scale-out: two instances, one external broker', () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: redisUrl!, ...scaleOutKeys() } });
    second = await createRuntime({
      config: { REDIS_URL: redisUrl, REDIS_PREFIX: t.config.REDIS_PREFIX },
      database: t.database,
      clock: t.clock,
    });
    const shareGroup = `test-${randomUUID().slice(0, 8)}`;
    for (const runtime of [t.runtime, second]) {
      gateways.push(await startMqttGateway(runtime, { url: mqttUrl, shareGroup, commandTimeoutMs: 3000 }));
    }
  });
  afterAll(async () => {
    device?.end(true);
    for (const gateway of gateways) await gateway.close();
    await second?.close();
    await t?.close();
  });

  it('stores every message once and settles commands from either instance', async () => {
    const imei = `8${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;
    const d = await mqttDevice(t, undefined, imei);
    device = await mqtt.connectAsync(mqttUrl!, {
      clientId: `${imei}-${randomUUID().slice(0, 6)}`,
      reconnectPeriod: 0,
    });
    await device.subscribeAsync(`d/${imei}/down`, { qos: 1 });
    device.on('message', (_topic, payload) => {
      const { cmd_id } = JSON.parse(payload.toString()) as { cmd_id: string };
      device!.publish(`d/${imei}/ack`, JSON.stringify({ cmd_id, ok: true }), { qos: 1 });
    });
    for (let i = 1; i <= 20; i++) {
      await device.publishAsync(
        `d/${imei}/up`,
        JSON.stringify({ ts: Date.UTC(2026, 0, 1, 0, 0, i), values: { temp: i } }),
        {
          qos: 1,
        },
      );
    }
    // Stored once each, whichever instance took it (the gateways' message counters would also count
    // other suites' devices on the machine's broker, strangers to this database).
    await eventually(async () => {
      const stored = await t.database.db
        .select({ ts: pointHistory.ts })
        .from(pointHistory)
        .where(eq(pointHistory.pointId, d.temp.id));
      expect(stored).toHaveLength(20);
    });
    expect((await t.runtime.pipeline.latestOf(d.device.id))[0]).toMatchObject({ value: 20 });

    for (const [index, runtime] of [t.runtime, second, t.runtime, second].entries()) {
      const outcome = await runtime.commands.write({
        commandId: 1000 + index,
        deviceId: d.device.id,
        point: { ...d.temp, slaveId: null } as never,
        value: index,
      });
      expect(outcome).toEqual({ status: 'resp' });
    }
  });
});
