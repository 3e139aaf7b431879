import type { FleetPlan } from '@fleet/device-sim';
import { and, eq, inArray } from 'drizzle-orm';
import { dataPoints, devices, slaveDevices } from '../modules/devices/devices.table.js';
import { scadaApps } from '../modules/scada/scada.table.js';
import type { Executor } from '../platform/db/client.js';
import {
  DEMO_SCADA_NAME,
  type DemoPumpPoints,
  type DemoScadaPoints,
  type DemoSensorPoints,
} from './demo-scada-document.js';

/** The SQL of the demo SCADA app: finding the demo devices' points and storing the drawing once. */
/** Reads the demo devices' point ids: the gateway's slaves are the pumps, the MQTT devices the sensors. */
export async function demoScadaPoints(db: Executor, plan: FleetPlan): Promise<DemoScadaPoints> {
  const imeis = [...plan.mqtt.map((d) => d.imei), ...plan.dtu.map((g) => g.imei)];
  if (imeis.length === 0) return { pumps: [], sensors: [] };
  const devs = await db
    .select({ id: devices.id, imei: devices.imei, title: devices.title })
    .from(devices)
    .where(inArray(devices.imei, imeis));
  const ids = devs.map((d) => d.id);
  const pts =
    ids.length === 0
      ? []
      : await db
          .select({
            id: dataPoints.id,
            deviceId: dataPoints.deviceId,
            slaveRef: dataPoints.slaveRef,
            name: dataPoints.name,
          })
          .from(dataPoints)
          .where(inArray(dataPoints.deviceId, ids));
  const slaves =
    ids.length === 0
      ? []
      : await db
          .select({
            id: slaveDevices.id,
            deviceId: slaveDevices.deviceId,
            name: slaveDevices.name,
            slaveId: slaveDevices.slaveId,
          })
          .from(slaveDevices)
          .where(inArray(slaveDevices.deviceId, ids));
  const pointOf = (deviceId: number, slaveRef: number | null, prefix: string) =>
    pts.find(
      (p) => p.deviceId === deviceId && p.slaveRef === slaveRef && p.name.replace(/\d+$/, '') === prefix,
    );

  const pumps: DemoPumpPoints[] = [];
  for (const gateway of plan.dtu) {
    const dev = devs.find((d) => d.imei === gateway.imei);
    if (!dev) continue;
    for (const slave of slaves.filter((s) => s.deviceId === dev.id).sort((a, b) => a.slaveId - b.slaveId)) {
      const [pressure, temp, count, setpoint] = ['pressure', 'temp', 'count', 'setpoint'].map((n) =>
        pointOf(dev.id, slave.id, n),
      );
      if (!pressure || !temp || !count || !setpoint) continue;
      pumps.push({
        title: slave.name,
        pressure: String(pressure.id),
        temp: String(temp.id),
        count: String(count.id),
        setpoint: String(setpoint.id),
      });
    }
  }
  const sensors: DemoSensorPoints[] = [];
  for (const device of plan.mqtt) {
    const dev = devs.find((d) => d.imei === device.imei);
    if (!dev) continue;
    const [temp, humidity, energy, run] = ['temp', 'humidity', 'energy', 'run'].map((n) =>
      pointOf(dev.id, null, n),
    );
    if (!temp || !humidity || !energy || !run) continue;
    sensors.push({
      title: dev.title,
      temp: String(temp.id),
      humidity: String(humidity.id),
      energy: String(energy.id),
      run: String(run.id),
    });
  }
  return { pumps, sensors };
}

/** The demo account's SCADA app of that name, if it was created before. */
export async function findDemoScadaApp(db: Executor, ownerUserId: number): Promise<number | undefined> {
  const [existing] = await db
    .select({ id: scadaApps.id })
    .from(scadaApps)
    .where(
      and(
        eq(scadaApps.ownerUserId, ownerUserId),
        eq(scadaApps.kind, 'app'),
        eq(scadaApps.name, DEMO_SCADA_NAME),
      ),
    );
  return existing?.id;
}

export async function insertDemoScadaApp(
  db: Executor,
  ownerUserId: number,
  document: typeof scadaApps.$inferInsert.document,
): Promise<void> {
  await db.insert(scadaApps).values({ ownerUserId, kind: 'app', name: DEMO_SCADA_NAME, document });
}
