import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closed, eventually } from '../mqtt-test-support.js';
import { connectDynsecAdmin, type DynsecAdmin } from './dynsec-admin.js';
import { createDynsecProvisioner, NEEDS_ROTATION } from './dynsec-provisioner.js';
import { startTestMosquitto, type TestMosquitto } from './mosquitto-fixture.js';
import type { BrokerProvisioner, RegistryDevice } from './provisioner.js';

let broker: TestMosquitto;
let admin: DynsecAdmin;
let provisioner: BrokerProvisioner;
let connects = 0;
const clients: MqttClient[] = [];

function login(imei: string, password: string, clientId = imei): Promise<MqttClient> {
  return mqtt
    .connectAsync(broker.url, {
      clientId,
      username: imei,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    })
    .then((client) => {
      clients.push(client);
      return client;
    });
}

async function refused(imei: string, password: string): Promise<void> {
  await expect(login(imei, password)).rejects.toThrow(/Not authorized|Bad User Name or Password/i);
}

describe('Mosquitto dynamic security provisioning', () => {
  beforeAll(async () => {
    broker = await startTestMosquitto();
    admin = connectDynsecAdmin({ url: broker.url, ...broker.admin, onConnect: () => connects++ });
    provisioner = createDynsecProvisioner({ admin, platformUsername: broker.platform.username });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await provisioner?.close();
    await broker?.stop();
  });

  it('lets a new device in at once with its own secret, nobody else', async () => {
    await provisioner.upsertDevice({ imei: '860000000000101', secret: 'first-secret-101' });
    const device = await login('860000000000101', 'first-secret-101');
    expect(device.connected).toBe(true);
    await refused('860000000000101', 'wrong-secret');
    // The client id must be the IMEI as well.
    await expect(login('860000000000101', 'first-secret-101', 'someone-else')).rejects.toThrow();
  });

  it('keeps a device to its own topics and off its own down topic', async () => {
    await provisioner.upsertDevice({ imei: '860000000000102', secret: 'secret-102' });
    await provisioner.upsertDevice({ imei: '860000000000103', secret: 'secret-103' });
    const device = await login('860000000000102', 'secret-102');
    await device.publishAsync('d/860000000000102/up', '{"values":{}}', { qos: 1 });
    await expect(device.publishAsync('d/860000000000102/down', '{}', { qos: 1 })).rejects.toThrow();
    const again = await login('860000000000102', 'secret-102');
    await expect(again.publishAsync('d/860000000000103/up', '{"values":{}}', { qos: 1 })).rejects.toThrow();
    const [granted] = await again.subscribeAsync('d/860000000000102/down', { qos: 1 });
    expect(granted?.qos).toBe(1);
    for (const filter of ['d/860000000000103/down', 'd/+/down', '#', '$share/x/d/+/up'])
      await expect(again.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Not authorized/);
  });

  it('stops the old secret on rotation, closing the connection that used it', async () => {
    await provisioner.upsertDevice({ imei: '860000000000104', secret: 'old-secret-104' });
    const device = await login('860000000000104', 'old-secret-104');
    await provisioner.upsertDevice({ imei: '860000000000104', secret: 'new-secret-104' });
    await closed(device);
    await refused('860000000000104', 'old-secret-104');
    expect((await login('860000000000104', 'new-secret-104')).connected).toBe(true);
  });

  it('refuses a deleted or disabled device and closes its connection', async () => {
    await provisioner.upsertDevice({ imei: '860000000000105', secret: 'secret-105' });
    const device = await login('860000000000105', 'secret-105');
    await provisioner.setEnabled('860000000000105', false);
    await closed(device);
    await refused('860000000000105', 'secret-105');
    await provisioner.setEnabled('860000000000105', true);
    const back = await login('860000000000105', 'secret-105');
    await provisioner.remove('860000000000105');
    await closed(back);
    await refused('860000000000105', 'secret-105');
  });

  it('reconciles: lost clients come back disabled until rotated, strays go, states follow', async () => {
    await provisioner.upsertDevice({ imei: '860000000000106', secret: 'secret-106' });
    await provisioner.upsertDevice({ imei: '860000000000107', secret: 'secret-107' });
    const registry: RegistryDevice[] = [
      { imei: '860000000000101', enabled: true },
      { imei: '860000000000106', enabled: false }, // expired
      { imei: '860000000000108', enabled: true }, // the broker never had it
    ];
    const summary = await provisioner.reconcile(async () => registry);
    expect(summary.created).toBe(1);
    expect(summary.needsSecretRotation).toEqual(['860000000000108']);
    expect(summary.disabled).toBe(1);
    expect(summary.deleted).toBeGreaterThanOrEqual(4); // 102, 103, 104, 107
    await refused('860000000000106', 'secret-106');
    await refused('860000000000107', 'secret-107');
    const lost = await admin.run({ command: 'getClient', username: '860000000000108' });
    expect(lost.data?.client).toMatchObject({ disabled: true, textdescription: NEEDS_ROTATION });
    // Renewing an expiry does not let a client in that still waits for its secret.
    await provisioner.setEnabled('860000000000108', true);
    await refused('860000000000108', '');
    await provisioner.upsertDevice({ imei: '860000000000108', secret: 'rotated-108' });
    expect((await login('860000000000108', 'rotated-108')).connected).toBe(true);
    const second = await provisioner.reconcile(async () => [
      ...registry,
      { imei: '860000000000106', enabled: true },
    ]);
    expect(second.needsSecretRotation).toEqual([]);
    expect((await login('860000000000106', 'secret-106')).connected).toBe(true);
  });

  it('reconnects after a broker restart and tells the caller (to reconcile)', async () => {
    const before = connects;
    await broker.restart();
    await eventually(() => expect(connects).toBeGreaterThan(before), 15_000);
    // The plugin keeps its file across restarts: the device still gets in.
    expect((await login('860000000000101', 'first-secret-101')).connected).toBe(true);
  });
});
