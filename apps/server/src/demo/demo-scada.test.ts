import { collectPointRefs, loadDocument, resolveWriteValue, validateDocument } from '@fleet/scada-model';
import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDtuGateway } from '../gateways/dtu/dtu-gateway.js';
import { startMqttGateway } from '../gateways/mqtt/mqtt-gateway.js';
import { DEMO_USERNAME } from '../modules/auth/auth.service.js';
import { dataPoints, devices } from '../modules/devices/devices.table.js';
import { scadaApps } from '../modules/scada/scada.table.js';
import { call, tokenFor } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { DEMO_FLEET, demoOwnerId, ensureDemoDevices, startDemoFleet } from './demo-fleet.js';
import { buildDemoScadaDocument, DEMO_SCADA_NAME, demoScadaPoints } from './demo-scada.js';

let t: TestApp;
let owner: number;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO: '1' } });
  owner = (await demoOwnerId(t.database.db, DEMO_USERNAME))!;
  await ensureDemoDevices(t.database.db, owner);
});
afterAll(async () => {
  await t?.close();
});

const demoImeis = [...DEMO_FLEET.mqtt.map((d) => d.imei), ...DEMO_FLEET.dtu.map((g) => g.imei)];

async function demoApps() {
  return (await t.database.db.select().from(scadaApps)).filter((r) => r.name === DEMO_SCADA_NAME);
}

describe('demo SCADA app (DEMO=1)', () => {
  it('exists once for the demo account, with the pump station and the sensor room, and validates', async () => {
    await ensureDemoDevices(t.database.db, owner); // a demo restart
    const rows = await demoApps();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.ownerUserId).toBe(owner);
    expect(row.kind).toBe('app');
    expect(validateDocument(row.document).ok).toBe(true);
    const loaded = loadDocument(row.document);
    expect(loaded.ok).toBe(true);
    expect(row.document.pageOrder.map((id) => row.document.pages[id]!.name)).toEqual([
      'Pump station',
      'Sensor room',
    ]);
  });

  it('binds every reference to an existing point of the demo devices', async () => {
    const [row] = await demoApps();
    const refs = collectPointRefs(row!.document);
    expect(refs.length).toBeGreaterThan(20);
    const demoDeviceIds = (
      await t.database.db.select({ id: devices.id }).from(devices).where(inArray(devices.imei, demoImeis))
    ).map((d) => d.id);
    const points = await t.database.db
      .select({ id: dataPoints.id, name: dataPoints.name, access: dataPoints.access })
      .from(dataPoints)
      .where(inArray(dataPoints.deviceId, demoDeviceIds));
    const ids = new Set(points.map((p) => String(p.id)));
    for (const ref of refs) {
      expect(ref.by).toBe('id');
      if (ref.by === 'id') expect(ids.has(ref.pointId), `point ${ref.pointId}`).toBe(true);
    }
    // Values that move within a minute drive the picture: the pressure sine (2 min), the temperature walk,
    // the run hours counter; writes go to the set points and run states, which are writable.
    const nameOf = new Map(points.map((p) => [String(p.id), p]));
    const bound = new Set(
      refs.map((r) => (r.by === 'id' ? nameOf.get(r.pointId)?.name.replace(/\d+$/, '') : '')),
    );
    for (const name of ['pressure', 'temp', 'count', 'setpoint', 'humidity', 'energy', 'run']) {
      expect(bound.has(name), name).toBe(true);
    }
    const writes = Object.values(row!.document.pages).flatMap((page) =>
      Object.values(page.elements).flatMap((el) => ('write' in el ? [el.write] : [])),
    );
    expect(writes.length).toBeGreaterThanOrEqual(4);
    for (const write of writes) {
      expect(write.confirm).toBe(true);
      const point = write.point.by === 'id' ? nameOf.get(write.point.pointId) : undefined;
      expect(point?.access).toBe('readwrite');
    }
    const input = writes.find((w) => w.expression === 'round(value)');
    expect(input && resolveWriteValue(input, 42.4)).toBe(42);
  });

  it('is what the API shows to the admin (apps list) and exports', async () => {
    const token = await tokenFor(t.app, 'admin', t.adminPassword);
    const list = await call<{ rows: { id: number; name: string }[] }>(
      t.app,
      'GET',
      `/scada?kind=app&page=1&limit=20&search=${encodeURIComponent(DEMO_SCADA_NAME)}`,
      { token },
    );
    expect(list.body.code).toBe(0);
    const found = list.body.data.rows.find((r) => r.name === DEMO_SCADA_NAME);
    expect(found).toBeDefined();
    const detail = await call<{ document: unknown }>(t.app, 'GET', `/scada/${found!.id}`, { token });
    expect(detail.body.code).toBe(0);
  });

  it('moves within a minute: the points behind the tank levels and gauges change while the fleet runs', async () => {
    const [row] = await demoApps();
    const doc = row!.document;
    // Tank levels and gauges: pressure sine, temperature and humidity walks.
    const levelPoints = Object.values(doc.pages)
      .flatMap((page) =>
        Object.values(page.elements).flatMap((el) => [
          ...(el.bindings ?? [])
            .filter((b) => b.map.kind === 'linear' && b.map.prop === 'level')
            .map((b) => b.point),
          ...(el.kind === 'gauge' ? [el.point] : []),
        ]),
      )
      .flatMap((ref) => (ref.by === 'id' ? [Number(ref.pointId)] : []));
    expect(levelPoints.length).toBeGreaterThanOrEqual(8);
    const logger = pino({ level: 'silent' });
    const mqtt = await startMqttGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
    const dtu = await startDtuGateway(t.runtime, { port: 0, host: '127.0.0.1', logger });
    const fleet = await startDemoFleet(
      t.database.db,
      { mqttUrl: `mqtt://127.0.0.1:${mqtt.port}`, dtu: { host: '127.0.0.1', port: dtu.port } },
      logger,
      { ...DEMO_FLEET, description: { ...DEMO_FLEET.description, mqttIntervalMs: 500 } },
    );
    try {
      const ids = (
        await t.database.db.select({ id: devices.id }).from(devices).where(inArray(devices.imei, demoImeis))
      ).map((d) => d.id);
      const seen = new Map<number, Set<string>>();
      await expect
        .poll(
          async () => {
            for (const id of ids) {
              for (const v of await t.runtime.pipeline.latestOf(id)) {
                if (!seen.has(v.pointId)) seen.set(v.pointId, new Set());
                seen.get(v.pointId)!.add(String(v.value));
              }
            }
            return levelPoints.every((p) => (seen.get(p)?.size ?? 0) >= 2);
          },
          { timeout: 50_000, interval: 1000 },
        )
        .toBe(true);
    } finally {
      await fleet.stop();
      await dtu.close();
      await mqtt.close();
    }
  }, 90_000);

  it('builds a valid (if empty) drawing when the demo devices are missing', async () => {
    const doc = buildDemoScadaDocument({ pumps: [], sensors: [] });
    expect(validateDocument(doc).ok).toBe(true);
    expect((await demoScadaPoints(t.database.db, { ...DEMO_FLEET, mqtt: [], dtu: [] })).pumps).toEqual([]);
  });
});
