import { asc, eq, type SQL } from 'drizzle-orm';
import { dataPoints, devicePorts, devices, slaveDevices } from '../modules/devices/devices.table.js';
import type { Executor } from '../platform/db/client.js';
import type { DirectoryDevice, DirectoryPoint } from './directory.js';

/**
 * The reads behind the gateways' device directory (directory.ts caches them): one device with its
 * ports, slaves and points, shaped as the gateways decode, encode and route values.
 */
export function createDeviceDirectoryRepository(db: Executor) {
  return {
    byImei: (imei: string) => loadDevice(db, eq(devices.imei, imei)),
    byId: (deviceId: number) => loadDevice(db, eq(devices.id, deviceId)),
  };
}

async function loadDevice(db: Executor, where: SQL): Promise<DirectoryDevice | null> {
  const [row] = await db.select().from(devices).where(where).limit(1);
  if (!row) return null;
  const [ports, slaves, points] = await Promise.all([
    db.select().from(devicePorts).where(eq(devicePorts.deviceId, row.id)).orderBy(asc(devicePorts.id)),
    db
      .select()
      .from(slaveDevices)
      .where(eq(slaveDevices.deviceId, row.id))
      .orderBy(asc(slaveDevices.slaveId)),
    db
      .select()
      .from(dataPoints)
      .where(eq(dataPoints.deviceId, row.id))
      .orderBy(asc(dataPoints.sort), asc(dataPoints.id)),
  ]);
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
