import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dataPoints, devicePorts, devices, slaveDevices } from '../modules/devices/devices.table.js';
import { triggers } from '../modules/triggers/triggers.table.js';
import { users } from '../modules/users/users.table.js';
import type { Executor } from '../platform/db/client.js';

type NewDeviceRow = typeof devices.$inferInsert;
type NewPortRow = Omit<typeof devicePorts.$inferInsert, 'id' | 'deviceId'>;
type NewPointRow = Omit<typeof dataPoints.$inferInsert, 'id' | 'deviceId' | 'slaveRef' | 'sort'>;
type NewTriggerRow = typeof triggers.$inferInsert;

/**
 * The demo seed's writes (DEMO=1): the demo fleet's devices, ports, slaves, points, triggers and a
 * week of back-filled history. Straight table writes, on purpose: the seed builds a fixed fleet under
 * the demo account and runs before any user, so it does not go through the services' checks.
 */
export const demoFleetRepository = {
  async existingImeis(tx: Executor, imeis: readonly string[]): Promise<Set<string>> {
    const rows = await tx
      .select({ imei: devices.imei })
      .from(devices)
      .where(inArray(devices.imei, [...imeis]));
    return new Set(rows.map((r) => r.imei));
  },

  async devicesByImei(db: Executor, imeis: readonly string[]): Promise<Array<{ id: number; imei: string }>> {
    return db
      .select({ id: devices.id, imei: devices.imei })
      .from(devices)
      .where(inArray(devices.imei, [...imeis]));
  },

  async insertDevice(tx: Executor, values: NewDeviceRow): Promise<number> {
    const [row] = await tx.insert(devices).values(values).returning({ id: devices.id });
    return row!.id;
  },

  async setSecrets(db: Executor, deviceId: number, hashed: Partial<NewDeviceRow>): Promise<void> {
    await db.update(devices).set(hashed).where(eq(devices.id, deviceId));
  },

  async insertPort(tx: Executor, deviceId: number, port: NewPortRow): Promise<number> {
    const [row] = await tx
      .insert(devicePorts)
      .values({ ...port, deviceId })
      .returning({ id: devicePorts.id });
    return row!.id;
  },

  async insertSlave(
    tx: Executor,
    deviceId: number,
    portId: number,
    name: string,
    slaveId: number,
  ): Promise<number> {
    const [row] = await tx
      .insert(slaveDevices)
      .values({ deviceId, portId, name, slaveId })
      .returning({ id: slaveDevices.id });
    return row!.id;
  },

  async insertPoints(
    tx: Executor,
    deviceId: number,
    slaveRef: number | null,
    points: NewPointRow[],
  ): Promise<void> {
    await tx.insert(dataPoints).values(points.map((p, sort) => ({ ...p, deviceId, slaveRef, sort })));
  },

  /** Turns on the trigger switch of a device's own (not a slave's) point; its id, if the point exists. */
  async enableTrigger(tx: Executor, deviceId: number, pointName: string): Promise<number | undefined> {
    const [row] = await tx
      .update(dataPoints)
      .set({ triggerEnable: 1 })
      .where(
        and(eq(dataPoints.deviceId, deviceId), isNull(dataPoints.slaveRef), eq(dataPoints.name, pointName)),
      )
      .returning({ id: dataPoints.id });
    return row?.id;
  },

  async insertTrigger(tx: Executor, trigger: NewTriggerRow): Promise<void> {
    await tx.insert(triggers).values(trigger);
  },

  async userIdByName(db: Executor, username: string): Promise<number | undefined> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row?.id;
  },

  /**
   * One reading a minute from `startMs` for `minutes` minutes of the device's temp, humidity and
   * energy points, and one every 15 minutes of its run state; `phase` (0..1) shifts the daily curves.
   */
  async backfillSensorHistory(
    tx: Executor,
    deviceId: number,
    range: { startMs: number; minutes: number; phase: number },
  ): Promise<void> {
    const { startMs, minutes, phase } = range;
    const minute = 60_000;
    await tx.execute(sql`
      insert into point_history (point_id, ts, value)
      select p.id, to_timestamp((${startMs}::float8 + i * ${minute}::float8) / 1000),
        round((case p.name
          when 'temp' then 24 + 6 * sin(2 * pi() * (i / 1440.0 + ${phase})) + 1.2 * sin(2 * pi() * i / 37.0) + random() * 0.6
          when 'humidity' then 55 - 12 * sin(2 * pi() * (i / 1440.0 + ${phase})) + random() * 2
          else 496 + 0.05 * i - 8 * sin(2 * pi() * i / 1440.0)
        end)::numeric, 2)
      from data_points p, generate_series(0, ${minutes}) i
      where p.device_id = ${deviceId} and p.name in ('temp', 'humidity', 'energy')`);
    await tx.execute(sql`
      insert into point_history (point_id, ts, value)
      select p.id, to_timestamp((${startMs}::float8 + i * ${15 * minute}::float8) / 1000),
        case when sin(2 * pi() * (i / 96.0 + ${phase})) > -0.5 then 1 else 0 end
      from data_points p, generate_series(0, ${minutes / 15}) i
      where p.device_id = ${deviceId} and p.name = 'run'`);
  },
};
