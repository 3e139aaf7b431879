/** Test support for the DTU gateway tests: devices with ports, slaves and points; a real runtime. */
import type { ByteOrder, DataType, ModbusArea } from '@fleet/contracts';
import type { Scheduler } from '@fleet/protocols';
import { eq } from 'drizzle-orm';
import { dataPoints, devicePorts, devices, slaveDevices } from '../../modules/devices/devices.table.js';
import { pointLatest } from '../../pipeline/pipeline.table.js';
import type { Database } from '../../platform/db/client.js';
import { createRuntime, type DeviceRuntime } from '../../platform/runtime.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { type DtuGateway, type DtuGatewayOptions, startDtuGateway } from './dtu-gateway.js';

export interface PointSpec {
  name: string;
  area: ModbusArea;
  address: number;
  dataType?: DataType;
  byteOrder?: ByteOrder;
  scale?: number;
  decimals?: number;
  registerCount?: number;
  collectMode?: number;
  access?: 'readonly' | 'readwrite' | 'writeonly';
}

export interface SlaveSpec {
  slaveId: number;
  points: PointSpec[];
  /** The slave's port; default a serial port polled every second. */
  port?: { uartReadMs?: number; pollIntervalS?: number } | null;
}

export interface DeviceSpec {
  imei?: string;
  legacy?: boolean;
  heartbeat?: string;
  heartbeatIntervalS?: number;
  slaves?: SlaveSpec[];
}

export interface TestDtuDevice {
  id: number;
  imei: string;
  key: string;
  /** Point id by `${slaveId}:${name}`. */
  pointIds: Map<string, number>;
}

export async function createDtuDevice(
  database: Database,
  ownerUserId: number,
  spec: DeviceSpec = {},
): Promise<TestDtuDevice> {
  const db = database.db;
  const row = await createDevice(database, {
    ownerUserId,
    imei: spec.imei,
    protocol: 1,
    gatewayProtocol: 'modbus',
    legacyRegistration: spec.legacy,
  });
  await db
    .update(devices)
    .set({ heartbeat: spec.heartbeat ?? 'PING', heartbeatIntervalS: spec.heartbeatIntervalS ?? 120 })
    .where(eq(devices.id, row.id));
  const pointIds = new Map<string, number>();
  let sort = 0;
  for (const slave of spec.slaves ?? []) {
    let portId: number | null = null;
    if (slave.port !== null) {
      const [port] = await db
        .insert(devicePorts)
        .values({
          deviceId: row.id,
          name: `COM${slave.slaveId}`,
          kind: 'serial',
          baud: 9600,
          dataBits: 8,
          parity: 'N',
          stopBits: 1,
          uartReadMs: slave.port?.uartReadMs ?? 25,
          pollIntervalS: slave.port?.pollIntervalS ?? 1,
        })
        .returning();
      portId = port!.id;
    }
    const [slaveRow] = await db
      .insert(slaveDevices)
      .values({ deviceId: row.id, portId, name: `slave ${slave.slaveId}`, slaveId: slave.slaveId })
      .returning();
    for (const p of slave.points) {
      const bit = p.area === '0X' || p.area === '1X';
      const [point] = await db
        .insert(dataPoints)
        .values({
          deviceId: row.id,
          slaveRef: slaveRow!.id,
          name: p.name,
          title: p.name,
          type: 0,
          sourceKind: 'register',
          dataType: bit ? 'uint8' : (p.dataType ?? 'uint16'),
          area: p.area,
          address: p.address,
          dbNumber: null,
          registerCount: p.registerCount ?? null,
          byteOrder: p.byteOrder ?? 'ABCD',
          scale: p.scale ?? 1,
          offset: 0,
          decimals: p.decimals ?? 0,
          storageMode: 1,
          storageIntervalS: 300,
          tolerance: 0,
          collectMode: p.collectMode ?? 1,
          access: p.access ?? (p.area === '0X' || p.area === '4X' ? 'readwrite' : 'readonly'),
          triggerEnable: 0,
          lolmt: null,
          uplmt: null,
          dsConfig: { translate: [] },
          sort: sort++,
        })
        .returning();
      pointIds.set(`${slave.slaveId}:${p.name}`, point!.id);
    }
  }
  return { id: row.id, imei: row.imei, key: row.dtuKey, pointIds };
}

export interface DtuHarness {
  t: TestApp;
  runtime: DeviceRuntime;
  gateway: DtuGateway;
  ownerId: number;
  device(spec?: DeviceSpec): Promise<TestDtuDevice>;
  /** Latest stored values of a device: point id -> number or string. */
  latest(deviceId: number): Promise<Map<number, number | string | null>>;
  close(): Promise<void>;
}

/**
 * A test app's database with its own runtime on the real wall clock (readings need distinct
 * timestamps) and a DTU gateway on a free port.
 */
export async function startDtuHarness(
  options: DtuGatewayOptions & { scheduler?: Scheduler } = {},
): Promise<DtuHarness> {
  const t = await createTestApp();
  const runtime = await createRuntime({ config: { REDIS_URL: undefined }, database: t.database });
  const gateway = await startDtuGateway(runtime, { host: '127.0.0.1', port: 0, ...options });
  const owner = await createUser(t.database, { userType: 2 });
  return {
    t,
    runtime,
    gateway,
    ownerId: owner.id,
    device: (spec) => createDtuDevice(t.database, owner.id, spec),
    async latest(deviceId) {
      const rows = await t.database.db.select().from(pointLatest).where(eq(pointLatest.deviceId, deviceId));
      return new Map(rows.map((r) => [r.pointId, r.text ?? r.value]));
    },
    async close() {
      await gateway.close();
      await runtime.close();
      await t.close();
    },
  };
}

/** Polls `check` until it holds (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
