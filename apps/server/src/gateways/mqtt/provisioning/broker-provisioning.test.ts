import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { DeviceCreated, DeviceCredentials } from '@fleet/contracts';
import { count, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../../pipeline/pipeline.fixtures.js';
import { pointHistory } from '../../../pipeline/pipeline.table.js';
import { BUS } from '../../../platform/bus/event-bus.js';
import { call, createDeviceUser, nextImei } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import type { PresenceEvent } from '../../types.js';
import { type MqttGateway, startMqttGateway } from '../mqtt-gateway.js';
import { closed, eventually } from '../mqtt-test-support.js';
import { startBrokerSync } from './broker-sync.js';
import { connectDynsecAdmin } from './dynsec-admin.js';
import { NEEDS_ROTATION } from './dynsec-provisioner.js';
import { startTestMosquitto, type TestMosquitto } from './mosquitto-fixture.js';

/**
 * The platform with MQTT_PROVISION=mosquitto-dynsec against its own Mosquitto: devices made,
 * rotated and deleted through the API log in (or not) at once, and online/offline follows the
 * device's `d/{imei}/state` message and last will.
 */
let broker: TestMosquitto;
let t: TestApp;
let gateway: MqttGateway;
const sessionId = `test-${randomUUID().slice(0, 6)}`;
const shareGroup = `g${randomUUID().slice(0, 6)}`;
const startGateway = () =>
  startMqttGateway(t.runtime, {
    url: t.config.MQTT_URL,
    presence: 'events',
    shareGroup,
    sessionId,
    sessionExpiryS: 60,
  });
let stopSync: () => void;
let token: string;
const presence: PresenceEvent[] = [];
const clients: MqttClient[] = [];

function connect(imei: string, password: string): Promise<MqttClient> {
  return mqtt
    .connectAsync(broker.url, {
      clientId: imei,
      username: imei,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 3000,
      will: { topic: `d/${imei}/state`, payload: Buffer.from('offline'), qos: 1, retain: false },
    })
    .then((client) => {
      clients.push(client);
      return client;
    });
}

async function newDevice(): Promise<{ id: number; imei: string; password: string }> {
  const imei = nextImei();
  const created = await call<DeviceCreated>(t.app, 'POST', '/device', {
    token,
    body: { device_imei: imei, device_title: 'Meter', protocol: 3 },
  });
  expect(created.body).toMatchObject({ code: 0 });
  const id = created.body.data.id;
  // The creation answers the plain secret, the one time it is shown.
  return { id, imei, password: created.body.data.credentials!.mqtt_password! };
}

/** mosquitto_ctrl as the broker's operator would run it; '' when the command fails. */
function ctrl(...args: string[]): string {
  const login = ['-p', String(broker.port), '-u', broker.admin.username, '-P', broker.admin.password];
  try {
    return execFileSync('mosquitto_ctrl', [...login, 'dynsec', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return '';
  }
}

const statusOf = (deviceId: number) => presence.filter((event) => event.deviceId === deviceId).at(-1);

describe('devices on an external Mosquitto, provisioned by the platform', () => {
  beforeAll(async () => {
    broker = await startTestMosquitto();
    const { username, password } = broker.platform;
    t = await createTestApp({
      env: {
        MQTT_PROVISION: 'mosquitto-dynsec',
        MQTT_URL: `mqtt://${username}:${password}@127.0.0.1:${broker.port}`,
        MQTT_ADMIN_USERNAME: broker.admin.username,
        MQTT_ADMIN_PASSWORD: broker.admin.password,
      },
    });
    t.runtime.bus.subscribe(BUS.presence, (event) => void presence.push(event as PresenceEvent));
    const sync = startBrokerSync({
      ...t.runtime,
      provisioner: t.runtime.brokerProvisioner,
      onConnect: t.runtime.onBrokerConnect,
    });
    stopSync = sync.stop;
    await sync.ready;
    gateway = await startGateway();
    token = (await createDeviceUser(t, { userType: 2 })).token;
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await gateway?.close();
    stopSync?.();
    await t?.close();
    await broker?.stop();
  });

  it('lets a device created through the API in at once, and follows its state', async () => {
    const device = await newDevice();
    const client = await connect(device.imei, device.password);
    await client.publishAsync(`d/${device.imei}/state`, 'online', { qos: 1 });
    await eventually(() => expect(statusOf(device.id)).toMatchObject({ status: 1, via: 'mqtt' }));
    const handled = gateway.counters().messages;
    await client.publishAsync(`d/${device.imei}/up`, JSON.stringify({ values: {} }), { qos: 1 });
    await eventually(() => expect(gateway.counters().messages).toBe(handled + 1));
    // The connection drops without a DISCONNECT: the broker publishes the last will.
    client.stream.destroy();
    await eventually(() => expect(statusOf(device.id)).toMatchObject({ status: 0, reason: 'closed' }));
  });

  it('rotation closes the old connection and refuses the old secret; deletion refuses the device', async () => {
    const device = await newDevice();
    const client = await connect(device.imei, device.password);
    await client.publishAsync(`d/${device.imei}/state`, 'online', { qos: 1 });
    await eventually(() => expect(statusOf(device.id)).toMatchObject({ status: 1 }));
    const rotated = await call<DeviceCredentials>(t.app, 'POST', `/device/${device.id}/credentials/rotate`, {
      token,
    });
    await closed(client);
    await eventually(() => expect(statusOf(device.id)).toMatchObject({ status: 0, reason: 'kicked' }));
    await expect(connect(device.imei, device.password)).rejects.toThrow();
    const fresh = await connect(device.imei, rotated.body.data.mqtt_password!);
    await call(t.app, 'DELETE', `/device/${device.id}`, { token });
    await closed(fresh);
    await expect(connect(device.imei, rotated.body.data.mqtt_password!)).rejects.toThrow();
  });

  it('keeps readings sent while the instance restarts in its session and stores them once', async () => {
    const device = await newDevice();
    const point = await insertTestPoint(t.database, device.id, { name: 'temp' });
    const client = await connect(device.imei, device.password);
    await gateway.close();
    for (let i = 1; i <= 3; i++)
      await client.publishAsync(
        `d/${device.imei}/up`,
        JSON.stringify({ ts: Date.UTC(2026, 0, 1, 0, 0, i), values: { temp: i } }),
        { qos: 1 },
      );
    gateway = await startGateway(); // same session id: the queued messages come now
    await eventually(() => expect(gateway.counters().messages).toBe(3));
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(pointHistory)
      .where(eq(pointHistory.pointId, point.id));
    expect(stored?.n).toBe(3);
  });

  it('reconciles after a broker restart: a client the broker lost comes back disabled until rotated', async () => {
    const device = await newDevice();
    ctrl('deleteClient', device.imei);
    await broker.restart();
    // The platform's admin connection comes back and reconciles by itself.
    const admin = connectDynsecAdmin({ url: broker.url, ...broker.admin });
    try {
      await eventually(async () => {
        const found = await admin.run({ command: 'getClient', username: device.imei }).catch(() => null);
        expect(found?.data?.client).toMatchObject({ disabled: true, textdescription: NEEDS_ROTATION });
      }, 20_000);
    } finally {
      await admin.close();
    }
    await expect(connect(device.imei, device.password)).rejects.toThrow();
    const rotated = await call<DeviceCredentials>(t.app, 'POST', `/device/${device.id}/credentials/rotate`, {
      token,
    });
    expect((await connect(device.imei, rotated.body.data.mqtt_password!)).connected).toBe(true);
  });
});
