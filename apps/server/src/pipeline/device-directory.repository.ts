import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { dataPoints, devicePorts, devices, slaveDevices } from '../modules/devices/devices.table.js';
import type { Executor } from '../platform/db/client.js';
import type { DirectoryDevice, DirectoryPoint } from './directory.js';

/**
 * The reads behind the gateways' device directory (directory.ts caches them): devices with their
 * ports, slaves and points, shaped as the gateways decode, encode and route values.
 */
export function createDeviceDirectoryRepository(db: Executor) {
  return {
    byImei: async (imei: string) => (await loadDevices(db, eq(devices.imei, imei)))[0] ?? null,
    byId: async (deviceId: number) => (await loadDevices(db, eq(devices.id, deviceId)))[0] ?? null,
    /**
     * Many devices in four statements whatever their number: after a restart the first batches name
     * every device of the fleet, and one load per device (four statements each) held the pipeline
     * for the first second (bench:live: 400 statements for 100 devices).
     */
    byIds: (deviceIds: readonly number[]) =>
      deviceIds.length === 0 ? Promise.resolve([]) : loadDevices(db, inArray(devices.id, [...deviceIds])),
  };
}

async function loadDevices(db: Executor, where: SQL): Promise<DirectoryDevice[]> {
  const rows = await db.select().from(devices).where(where);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [ports, slaves, points] = await Promise.all([
    db.select().from(devicePorts).where(inArray(devicePorts.deviceId, ids)).orderBy(asc(devicePorts.id)),
    db
      .select()
      .from(slaveDevices)
      .where(inArray(slaveDevices.deviceId, ids))
      .orderBy(asc(slaveDevices.slaveId)),
    db
      .select()
      .from(dataPoints)
      .where(inArray(dataPoints.deviceId, ids))
      .orderBy(asc(dataPoints.sort), asc(dataPoints.id)),
  ]);
  const byDevice = <T extends { deviceId: number }>(list: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const item of list) {
      const group = grouped.get(item.deviceId);
      if (group) group.push(item);
      else grouped.set(item.deviceId, [item]);
    }
    return (deviceId: number) => grouped.get(deviceId) ?? [];
  };
  const portsOf = byDevice(ports);
  const slavesOf = byDevice(slaves);
  const pointsOf = byDevice(points);
  return rows.map((row) => toDirectoryDevice(row, portsOf(row.id), slavesOf(row.id), pointsOf(row.id)));
}

function toDirectoryDevice(
  row: typeof devices.$inferSelect,
  ports: (typeof devicePorts.$inferSelect)[],
  slaves: (typeof slaveDevices.$inferSelect)[],
  points: (typeof dataPoints.$inferSelect)[],
): DirectoryDevice {
  const slaveIdOf = new Map(slaves.map((s) => [s.id, s.slaveId]));
  const directoryPoints: DirectoryPoint[] = points.map((p) => ({
    id: p.id,
    deviceId: p.deviceId,
    name: p.name,
    title: p.title,
    slaveRef: p.slaveRef,
    slaveId: p.slaveRef === null ? null : (slaveIdOf.get(p.slaveRef) ?? null),
    type: p.type,
    sourceKind: p.sourceKind,
    dataType: p.dataType,
    area: p.area,
    address: p.address,
    registerCount: p.registerCount,
    byteOrder: p.byteOrder,
    scale: p.scale,
    offset: p.offset,
    decimals: p.decimals,
    unit: p.unit,
    storageMode: p.storageMode,
    storageIntervalS: p.storageIntervalS,
    tolerance: p.tolerance,
    collectMode: p.collectMode,
    access: p.access,
  }));
  return {
    id: row.id,
    imei: row.imei,
    ownerUserId: row.ownerUserId,
    deviceClass: row.deviceClass,
    protocol: row.protocol,
    gatewayProtocol: row.gatewayProtocol,
    legacyRegistration: row.legacyRegistration,
    mqttPasswordHash: row.mqttPasswordHash,
    dtuKeyHash: row.dtuKeyHash,
    httpKeyHash: row.httpKeyHash,
    heartbeat: row.heartbeat,
    heartbeatIntervalS: row.heartbeatIntervalS,
    expireAt: row.expireAt,
    ports: ports.map((p) => ({ id: p.id, uartReadMs: p.uartReadMs, pollIntervalS: p.pollIntervalS })),
    slaves: slaves.map((s) => ({ ref: s.id, slaveId: s.slaveId, portId: s.portId })),
    points: directoryPoints,
    byName: new Map(directoryPoints.map((p) => [`${p.slaveId ?? ''}:${p.name}`, p])),
    byId: new Map(directoryPoints.map((p) => [p.id, p])),
  };
}
