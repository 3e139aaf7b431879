/** The DTU benchmark's fleet: gateways with one port, two Modbus slaves and 20 holding registers each. */
import { sql } from 'drizzle-orm';
import { newSecrets } from '../../apps/server/src/modules/devices/credentials.js';
import { draftDevice } from '../../apps/server/src/modules/devices/device-rules.js';
import { createDevicesRepository } from '../../apps/server/src/modules/devices/devices.repository.js';
import { devicePorts, slaveDevices } from '../../apps/server/src/modules/devices/devices.table.js';
import {
  createPointsRepository,
  type NewPoint,
} from '../../apps/server/src/modules/devices/points.repository.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';

export const SLAVE_IDS = [1, 2] as const;
export const REGISTERS_PER_SLAVE = 20;

export interface DtuFleetGateway {
  id: number;
  imei: string;
  key: string;
}

export async function createDtuFleet(
  database: Database,
  count: number,
  options: { pollIntervalS: number; heartbeatIntervalS: number },
): Promise<DtuFleetGateway[]> {
  const db = database.db;
  const result = (await db.execute(sql`select id from users order by id limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  const ownerId = result.rows[0]!.id;
  const stamp = String(Date.now()).slice(-8);
  // The rows store hashes; the simulated gateways register with the plain keys kept here.
  const secrets = Array.from({ length: count }, () => newSecrets());
  const drafts = Array.from({ length: count }, (_, i) => {
    const draft = draftDevice(
      {
        device_imei: `98${stamp}${String(i).padStart(5, '0')}`,
        device_title: `dtu ${i}`,
        gateway_protocol: 'Modbus_RTU',
      },
      ownerId,
      null,
      secrets[i]!,
    );
    if ('field' in draft) throw new Error(`${draft.field}: ${draft.message}`);
    return { ...draft, heartbeat: 'PING', heartbeatIntervalS: options.heartbeatIntervalS };
  });
  const repo = createDevicesRepository(db);
  const devices = [];
  for (let i = 0; i < drafts.length; i += 500)
    devices.push(...(await repo.insertMany(drafts.slice(i, i + 500))));

  const ports = await db
    .insert(devicePorts)
    .values(
      devices.map((d) => ({
        deviceId: d.id,
        name: 'COM1',
        kind: 'serial' as const,
        baud: 9600,
        dataBits: 8,
        parity: 'N' as const,
        stopBits: 1,
        uartReadMs: 25,
        pollIntervalS: options.pollIntervalS,
      })),
    )
    .returning({ id: devicePorts.id, deviceId: devicePorts.deviceId });
  const portOf = new Map(ports.map((p) => [p.deviceId, p.id]));
  const slaveRows = [];
  const slaveValues = devices.flatMap((d) =>
    SLAVE_IDS.map((slaveId) => ({
      deviceId: d.id,
      portId: portOf.get(d.id)!,
      name: `meter ${slaveId}`,
      slaveId,
    })),
  );
  for (let i = 0; i < slaveValues.length; i += 1000)
    slaveRows.push(
      ...(await db
        .insert(slaveDevices)
        .values(slaveValues.slice(i, i + 1000))
        .returning()),
    );
  const points: NewPoint[] = slaveRows.flatMap((s) =>
    Array.from({ length: REGISTERS_PER_SLAVE }, (_, k) => ({
      deviceId: s.deviceId,
      slaveRef: s.id,
      name: `r${k}`,
      title: `Register ${k}`,
      type: 0,
      sourceKind: 'register',
      dataType: 'uint16',
      area: '4X',
      address: k,
      byteOrder: 'ABCD',
      scale: 1,
      offset: 0,
      decimals: 0,
      unit: '',
      storageMode: 1,
      storageIntervalS: 300,
      tolerance: 0,
      collectMode: 1,
      access: 'readonly',
      triggerEnable: 0,
      dsConfig: { translate: [] },
      sort: k,
    })),
  );
  await createPointsRepository(db).insertPoints(points);
  return devices.map((d, i) => ({ id: d.id, imei: d.imei, key: secrets[i]!.dtuKey }));
}
