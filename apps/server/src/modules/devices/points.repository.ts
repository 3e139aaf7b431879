import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { dataPoints, devicePorts, slaveDevices } from './devices.table.js';

export type PortTableRow = typeof devicePorts.$inferSelect;
export type NewPort = Omit<typeof devicePorts.$inferInsert, 'id'>;
export type SlaveTableRow = typeof slaveDevices.$inferSelect;
export type NewSlave = Omit<typeof slaveDevices.$inferInsert, 'id'>;
export type PointTableRow = typeof dataPoints.$inferSelect;
export type NewPoint = Omit<typeof dataPoints.$inferInsert, 'id'>;

/** Ports, slave devices and data points of one device. Callers check the device is in scope. */
export function createPointsRepository(db: Executor) {
  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    // ---- ports
    async ports(deviceId: number, tx: Executor = db) {
      return tx
        .select()
        .from(devicePorts)
        .where(eq(devicePorts.deviceId, deviceId))
        .orderBy(asc(devicePorts.id));
    },
    async port(deviceId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(devicePorts)
        .where(and(eq(devicePorts.deviceId, deviceId), eq(devicePorts.id, id)));
      return row;
    },
    async insertPort(values: NewPort, tx: Executor = db) {
      const [row] = await tx.insert(devicePorts).values(values).returning();
      return row!;
    },
    async updatePort(id: number, patch: Partial<NewPort>, tx: Executor = db) {
      const [row] = await tx.update(devicePorts).set(patch).where(eq(devicePorts.id, id)).returning();
      return row!;
    },
    async deletePort(id: number, tx: Executor = db) {
      await tx.delete(devicePorts).where(eq(devicePorts.id, id));
    },

    // ---- slaves
    async slaves(deviceId: number, filter: { portId?: number; templateId?: number } = {}, tx: Executor = db) {
      const where: SQL[] = [eq(slaveDevices.deviceId, deviceId)];
      if (filter.portId) where.push(eq(slaveDevices.portId, filter.portId));
      if (filter.templateId) where.push(eq(slaveDevices.templateId, filter.templateId));
      const rows = await tx
        .select({ slave: slaveDevices, pointCount: count(dataPoints.id) })
        .from(slaveDevices)
        .leftJoin(dataPoints, eq(dataPoints.slaveRef, slaveDevices.id))
        .where(and(...where))
        .groupBy(slaveDevices.id)
        .orderBy(asc(slaveDevices.slaveId));
      return rows.map((r) => ({ ...r.slave, pointCount: r.pointCount }));
    },
    async slave(deviceId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(slaveDevices)
        .where(and(eq(slaveDevices.deviceId, deviceId), eq(slaveDevices.id, id)));
      return row;
    },
    async slaveBySlaveId(deviceId: number, slaveId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(slaveDevices)
        .where(and(eq(slaveDevices.deviceId, deviceId), eq(slaveDevices.slaveId, slaveId)));
      return row;
    },
    async insertSlaves(values: NewSlave[], tx: Executor = db) {
      if (values.length === 0) return [];
      return tx.insert(slaveDevices).values(values).returning();
    },
    async updateSlave(id: number, patch: Partial<NewSlave>, tx: Executor = db) {
      const [row] = await tx.update(slaveDevices).set(patch).where(eq(slaveDevices.id, id)).returning();
      return row!;
    },
    async deleteSlaves(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return;
      await tx.delete(slaveDevices).where(inArray(slaveDevices.id, ids));
    },

    // ---- points
    async points(deviceId: number, slaveRef?: number | null, tx: Executor = db) {
      const where: SQL[] = [eq(dataPoints.deviceId, deviceId)];
      if (slaveRef === null) where.push(isNull(dataPoints.slaveRef));
      else if (slaveRef !== undefined) where.push(eq(dataPoints.slaveRef, slaveRef));
      return tx
        .select()
        .from(dataPoints)
        .where(and(...where))
        .orderBy(asc(dataPoints.slaveRef), asc(dataPoints.sort), asc(dataPoints.id));
    },
    /** Points by id whatever their device (the caller checks the devices' visibility). */
    async pointsByIds(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx.select().from(dataPoints).where(inArray(dataPoints.id, ids)).orderBy(asc(dataPoints.id));
    },
    async point(deviceId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(dataPoints)
        .where(and(eq(dataPoints.deviceId, deviceId), eq(dataPoints.id, id)));
      return row;
    },
    async pointByName(deviceId: number, slaveRef: number | null, name: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: dataPoints.id })
        .from(dataPoints)
        .where(
          and(
            eq(dataPoints.deviceId, deviceId),
            slaveRef === null ? isNull(dataPoints.slaveRef) : eq(dataPoints.slaveRef, slaveRef),
            eq(dataPoints.name, name),
          ),
        );
      return row;
    },
    async insertPoints(values: NewPoint[], tx: Executor = db) {
      const out: PointTableRow[] = [];
      for (let i = 0; i < values.length; i += 500) {
        out.push(
          ...(await tx
            .insert(dataPoints)
            .values(values.slice(i, i + 500))
            .returning()),
        );
      }
      return out;
    },
    async updatePoint(id: number, patch: Partial<NewPoint>, tx: Executor = db) {
      const [row] = await tx.update(dataPoints).set(patch).where(eq(dataPoints.id, id)).returning();
      return row!;
    },
    async deletePoint(id: number, tx: Executor = db) {
      await tx.delete(dataPoints).where(eq(dataPoints.id, id));
    },
    /** Points of the device itself (not of a slave). */
    async deleteDevicePoints(deviceId: number, tx: Executor = db) {
      await tx.delete(dataPoints).where(and(eq(dataPoints.deviceId, deviceId), isNull(dataPoints.slaveRef)));
    },
    async countPoints(tx: Executor = db) {
      const [row] = await tx.select({ n: count() }).from(dataPoints);
      return row?.n ?? 0;
    },
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
