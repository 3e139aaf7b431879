import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type MqttGateway, startMqttGateway } from './mqtt-gateway.js';
import { connectDevice, mqttDevice } from './mqtt-test-support.js';

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

describe('embedded broker and MQTT 5', () => {
  it('refuses an MQTT 5 CONNECT with a clean CONNACK "unacceptable protocol version" (aedes speaks 3.1 and 3.1.1)', async () => {
    const d = await mqttDevice(t);
    const error = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${gateway.port}`, {
        clientId: d.imei,
        username: d.imei,
        password: d.password,
        protocolVersion: 5,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      })
      .then(
        (client) => {
          client.end(true);
          return null;
        },
        (caught: unknown) => caught as Error & { code?: number },
      );
    expect(error).not.toBeNull();
    expect(error!.message).toMatch(/unacceptable protocol version/i);
    expect(error!.code).toBe(1);
    // The broker keeps serving 3.1.1 devices.
    const client = await connectDevice(gateway.port!, d.imei, d.password);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
