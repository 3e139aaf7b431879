import { DeviceProtocol } from '@fleet/contracts';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDtuGateway } from '../gateways/dtu/dtu-gateway.js';
import { startMqttGateway } from '../gateways/mqtt/mqtt-gateway.js';
import { DEMO_USERNAME } from '../modules/auth/auth.service.js';
import { dataPoints } from '../modules/devices/devices.table.js';
import { triggers } from '../modules/triggers/triggers.table.js';
import { call, tokenFor } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { DEMO_FLEET, demoOwnerId, ensureDemoDevices, startDemoFleet } from './demo-fleet.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO: '1' } });
});
afterAll(async () => {
  await t?.close();
});

const demoImeis = [...DEMO_FLEET.mqtt.map((d) => d.imei), ...DEMO_FLEET.dtu.map((g) => g.imei)];

async function demoDevices() {
  const rows = await t.database.db.query.devices.findMany();
  return rows.filter((d) => demoImeis.includes(d.imei));
}

describe('demo fleet (DEMO=1)', () => {
  it('creates the demo devices under the demo account once, each with its own credentials', async () => {
    const owner = await demoOwnerId(t.database.db, DEMO_USERNAME);
    expect(owner).toBeDefined();
    await ensureDemoDevices(t.database.db, owner!);
    await ensureDemoDevices(t.database.db, owner!);
    const devices = await demoDevices();
    expect(devices).toHaveLength(demoImeis.length);
    expect(devices.every((d) => d.ownerUserId === owner)).toBe(true);
    const protocols = devices.map((d) => [d.protocol, d.deviceClass]);
    expect(protocols.filter(([p, c]) => p === DeviceProtocol.MQTT && c === 'DT')).toHaveLength(
      DEMO_FLEET.mqtt.length,
    );
    expect(protocols.filter(([p, c]) => p === DeviceProtocol.MODBUS && c === 'DTUGW')).toHaveLength(
      DEMO_FLEET.dtu.length,
    );
    expect(new Set(devices.map((d) => d.mqttPasswordHash)).size).toBe(devices.length);
    expect(devices.every((d) => d.mqttPasswordHash.startsWith('sha256$'))).toBe(true);
    // Every demo device stands somewhere, so the device map has something to show.
    expect(devices.every((d) => d.lat !== null && d.lng !== null)).toBe(true);
    expect(new Set(devices.map((d) => d.dtuKeyHash)).size).toBe(devices.length);
  });

  it('comes with a week of history per sensor, the energy counter rising to where the simulator starts', async () => {
    const rows = (
      (await t.database.db.execute(sql`select p.name, count(*)::int as n,
          (extract(epoch from max(h.ts) - min(h.ts)) / 86400)::float8 as days,
          bool_and(h.value >= coalesce(h.previous, h.value)) as rising, max(h.value)::float8 as top
        from (select point_id, ts, value, lag(value) over (partition by point_id order by ts) as previous
              from point_history) h join data_points p on p.id = h.point_id
        join devices d on d.id = p.device_id where d.device_title = 'Cold room A' group by p.name order by p.name`)) as unknown as {
        rows: { name: string; n: number; days: number; rising: boolean; top: number }[];
      }
    ).rows;
    expect(rows.map((r) => r.name)).toEqual(['energy', 'humidity', 'run', 'temp']);
    for (const r of rows) expect(r.days).toBeCloseTo(7, 1);
    const energy = rows.find((r) => r.name === 'energy')!;
    expect(energy.n).toBe(7 * 1440 + 1);
    expect(energy.rising).toBe(true);
    expect(energy.top).toBeLessThanOrEqual(1000);
  });

  it('gives the demo alarms to show: a temperature trigger per sensor and an offline trigger on the gateway', async () => {
    const ids = new Set((await demoDevices()).map((d) => d.id));
    const rows = (await t.database.db.select().from(triggers)).filter((r) => ids.has(r.deviceId));
    expect(rows.filter((r) => r.kind === 'limit' && r.optype === 1 && r.uplmt === 30)).toHaveLength(
      DEMO_FLEET.mqtt.length,
    );
    expect(rows.filter((r) => r.kind === 'offline')).toHaveLength(DEMO_FLEET.dtu.length);
    const temps = await t.database.db.select().from(dataPoints).where(eq(dataPoints.name, 'temp'));
    const withTrigger = temps.filter((p) => rows.some((r) => r.pointId === p.id));
    expect(withTrigger.every((p) => p.triggerEnable === 1)).toBe(true);
  });

  it('makes points the API can show: every demo point passes the data point schema', async () => {
    const token = await tokenFor(t.app, 'admin', t.adminPassword);
    for (const device of await demoDevices()) {
      const points = await call<{ rows: unknown[] }>(t.app, 'GET', `/device/${device.id}/datapoint`, {
        token,
      });
      expect(points.body.code, JSON.stringify(points.body).slice(0, 300)).toBe(0);
      expect(points.body.data.rows.length).toBeGreaterThan(0);
    }
  });

  it('runs inside the platform: every demo device comes online and reports values', async () => {
    const logger = pino({ level: 'silent' });
    const mqtt = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
    const dtu = await startDtuGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
    const fleet = await startDemoFleet(
      t.database.db,
      { mqttUrl: `mqtt://127.0.0.1:${mqtt.port}`, dtu: { host: '127.0.0.1', port: dtu.port } },
      logger,
      { ...DEMO_FLEET, description: { ...DEMO_FLEET.description, mqttIntervalMs: 200 } },
    );
    try {
      const devices = await demoDevices();
      await expect
        .poll(
          async () => {
            const reporting = await Promise.all(
              devices.map(async (d) => (await t.runtime.pipeline.latestOf(d.id)).length > 0),
            );
            return reporting.every(Boolean);
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBe(true);
      expect((await demoDevices()).every((d) => d.status === 1)).toBe(true);
    } finally {
      await fleet.stop();
      await dtu.close();
      await mqtt.close();
    }
  });
});
