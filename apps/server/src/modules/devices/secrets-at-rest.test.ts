import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { DeviceCreated, DeviceCredentials } from '@fleet/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DtuGateway, startDtuGateway } from '../../gateways/dtu/dtu-gateway.js';
import { type MqttGateway, startMqttGateway } from '../../gateways/mqtt/mqtt-gateway.js';
import { connectDevice, eventually } from '../../gateways/mqtt/mqtt-test-support.js';
import { call, createDevice, createDeviceUser, nextImei } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { devices } from './devices.table.js';
import { verifyDeviceSecretHash } from './secret-hash.js';

/** DESIGN 7: a dump of the devices table lets nobody connect as a device; each secret is shown once. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let mqttGateway: MqttGateway;
let dtu: DtuGateway;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  const logger = pino({ level: 'silent' });
  mqttGateway = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
  dtu = await startDtuGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
});
afterAll(async () => {
  await dtu?.close();
  await mqttGateway?.close();
  await t?.close();
});

const stored = async (id: number) => {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
  return row!;
};

async function mqttLogin(imei: string, password: string): Promise<boolean> {
  try {
    const client = await connectDevice(mqttGateway.port!, imei, password);
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

/** Sends a registration packet: true once the gateway registered it, false when it closed the socket. */
function dtuRegisters(imei: string, key: string): Promise<boolean> {
  const before = dtu.counters().registered;
  return new Promise((resolve, reject) => {
    const socket = net.connect(dtu.port, '127.0.0.1', () => socket.write(`REG,${imei},${key}\r\n`));
    const timer = setInterval(() => {
      if (dtu.counters().registered > before) {
        clearInterval(timer);
        socket.destroy();
        resolve(true);
      }
    }, 20);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(dtu.counters().registered > before);
    });
    setTimeout(() => reject(new Error('DTU registration neither accepted nor refused')), 5000).unref();
  });
}

const ingest = (imei: string, key: string) =>
  call(t.app, 'POST', `/ingest/${imei}`, { body: { values: {} }, headers: { 'x-device-key': key } });

describe('device secrets at rest', () => {
  it('a dump of the devices row holds no secret, only salted hashes', async () => {
    const imei = nextImei();
    const created = await call<DeviceCreated>(t.app, 'POST', '/device', {
      token: owner.token,
      body: { device_imei: imei, protocol: 3 },
    });
    const shown = created.body.data.credentials!;
    const key = shown.dtu_registration!.split(',')[2]!;
    const dump = JSON.stringify(
      (await t.database.db.execute(sql`select * from devices where device_imei = ${imei}`)) as unknown,
    );
    for (const secret of [shown.mqtt_password!, key, shown.http_key!]) expect(dump).not.toContain(secret);
    const row = await stored(created.body.data.id);
    for (const hash of [row.mqttPasswordHash, row.dtuKeyHash, row.httpKeyHash])
      expect(hash).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(verifyDeviceSecretHash(shown.mqtt_password!, row.mqttPasswordHash)).toBe(true);
  });

  it('MQTT, DTU registration and HTTP ingest open with the plain secret, not with the stored hash', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    const row = await stored(d.id);
    expect(await mqttLogin(d.imei, d.mqttPassword)).toBe(true);
    expect(await mqttLogin(d.imei, row.mqttPasswordHash)).toBe(false);
    expect(await dtuRegisters(d.imei, d.dtuKey)).toBe(true);
    expect(await dtuRegisters(d.imei, row.dtuKeyHash)).toBe(false);
    expect((await ingest(d.imei, d.httpKey)).status).toBe(200);
    expect((await ingest(d.imei, row.httpKeyHash)).status).toBe(401);
  });

  it('rotation answers new secrets once and the old ones stop working', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    const rotated = await call<DeviceCredentials>(t.app, 'POST', `/device/${d.id}/credentials/rotate`, {
      token: owner.token,
    });
    const fresh = rotated.body.data;
    const key = fresh.dtu_registration!.split(',')[2]!;
    await eventually(async () => expect(await mqttLogin(d.imei, d.mqttPassword)).toBe(false));
    expect(await mqttLogin(d.imei, fresh.mqtt_password!)).toBe(true);
    expect(await dtuRegisters(d.imei, d.dtuKey)).toBe(false);
    expect(await dtuRegisters(d.imei, key)).toBe(true);
    expect((await ingest(d.imei, d.httpKey)).status).toBe(401);
    expect((await ingest(d.imei, fresh.http_key!)).status).toBe(200);
    const reread = await call<DeviceCredentials>(t.app, 'GET', `/device/${d.id}/credentials`, {
      token: owner.token,
    });
    expect(reread.body.data).toMatchObject({ mqtt_password: null, http_key: null, dtu_registration: null });
  });
});

describe('migration 0009_hash_device_secrets', () => {
  const statements = readFileSync(
    new URL('../../platform/db/migrations/0009_hash_device_secrets.sql', import.meta.url),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  const migrate = async () => {
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
  };

  it('hashes a clear row in SQL, idempotently, and the old plain secrets still authenticate', async () => {
    const d = await createDevice(t.database, { ownerUserId: owner.user.id });
    // A row as it was before 0009: the secrets in clear.
    await t.database.db
      .update(devices)
      .set({ mqttPasswordHash: d.mqttPassword, dtuKeyHash: d.dtuKey, httpKeyHash: d.httpKey })
      .where(eq(devices.id, d.id));
    const untouched = await stored(d.id);
    const other = await createDevice(t.database, { ownerUserId: owner.user.id });
    const otherBefore = await stored(other.id);
    await migrate();
    const row = await stored(d.id);
    for (const [hash, plain] of [
      [row.mqttPasswordHash, d.mqttPassword],
      [row.dtuKeyHash, d.dtuKey],
      [row.httpKeyHash, d.httpKey],
    ] as const) {
      expect(hash).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
      expect(hash).not.toContain(plain);
      expect(verifyDeviceSecretHash(plain, hash)).toBe(true);
    }
    expect(untouched.mqttPasswordHash).toBe(d.mqttPassword);
    // Values already hashed are left alone, and a second run changes nothing.
    expect(await stored(other.id)).toEqual(otherBefore);
    await migrate();
    expect(await stored(d.id)).toEqual(row);
    t.runtime.directory.invalidate(d.id);
    expect(await mqttLogin(d.imei, d.mqttPassword)).toBe(true);
    expect(await dtuRegisters(d.imei, d.dtuKey)).toBe(true);
    expect((await ingest(d.imei, d.httpKey)).status).toBe(200);
  });
});
