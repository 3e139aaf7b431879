import mqtt, { type MqttClient } from 'mqtt';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import type { TestApp } from '../../test-support/test-app.js';

/** A device with two points of its own (`temp` float, `mode` text) for the MQTT tests. */
export async function mqttDevice(t: TestApp, ownerUserId?: number, imei?: string) {
  const owner = ownerUserId ?? (await createUser(t.database, { userType: 2 })).id;
  const device = await createDevice(t.database, { ownerUserId: owner, imei });
  const temp = await insertTestPoint(t.database, device.id, { name: 'temp' });
  const mode = await insertTestPoint(t.database, device.id, { name: 'mode', dataType: 'string' });
  return { device, imei: device.imei, password: device.mqttPassword, temp, mode };
}

export function connectDevice(
  port: number,
  imei: string,
  password: string,
  options: { clientId?: string } = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: options.clientId ?? imei,
    username: imei,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

/** Settles when the client's connection is gone (closed by the broker or by us). */
export function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (!client.connected) return resolve();
    client.once('close', () => resolve());
  });
}

/** Polls until `check` passes (async conditions across the broker and the database). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
