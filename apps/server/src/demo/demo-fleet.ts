import { DeviceProtocol } from '@fleet/contracts';
import { type FleetPlan, planFleet, type RunningFleet, startFleet } from '@fleet/device-sim';
import type { Logger } from 'pino';
import { type DeviceSecrets, hashSecrets, newSecrets, randomCode } from '../modules/devices/credentials.js';
import type { DeviceDirectory } from '../pipeline/directory.js';
import type { Executor } from '../platform/db/client.js';
import { ensureDemoCustomScreen } from './demo-custom-screen.js';
import { demoFleetRepository as repo } from './demo-fleet.repository.js';
import { backfillDemoHistory } from './demo-history.js';
import { demoPoints } from './demo-points.js';
import { ensureDemoScada } from './demo-scada.js';
import { DEMO_GATEWAY_TRIGGER, insertDemoTriggers } from './demo-triggers.js';

/** What the demo fleet is: small enough to idle on a laptop, varied enough to show every screen. */
export const DEMO_FLEET = planFleet({
  mqttDevices: 3,
  dtuGateways: 1,
  slavesPerGateway: 2,
  registersPerSlave: 4,
  imeiBase: 866_900_000_000_001,
  mqttIntervalMs: 5000,
  heartbeat: 'PING',
  heartbeatIntervalMs: 30_000,
  signalQuality: true,
});

const MQTT_TITLES = ['Cold room A', 'Cold room B', 'Boiler house'];
const GATEWAY_TITLE = 'Pump station gateway';
/** Where the demo devices stand (an industrial park in Suzhou and a pump station), for the device map. */
const MQTT_PLACES = [
  { lat: 31.3189, lng: 120.7155 },
  { lat: 31.3212, lng: 120.7231 },
  { lat: 31.3098, lng: 120.7302 },
];
const GATEWAY_PLACE = { lat: 31.2904, lng: 120.6587 };
const POLL_INTERVAL_S = 5;

/**
 * Creates the demo devices under the demo account once (idempotent: existing IMEIs are kept with
 * their credentials), then the demo SCADA app bound to their points. Each device gets its own secrets
 * like any other; nothing is shared.
 */
export async function ensureDemoDevices(db: Executor, ownerUserId: number, plan: FleetPlan = DEMO_FLEET) {
  const imeis = [...plan.mqtt.map((d) => d.imei), ...plan.dtu.map((g) => g.imei)];
  await db.transaction(async (tx) => {
    const existing = await repo.existingImeis(tx, imeis);
    for (const [i, device] of plan.mqtt.entries()) {
      if (existing.has(device.imei)) continue;
      const id = await insertDevice(tx, ownerUserId, device.imei, MQTT_TITLES[i] ?? `Demo sensor ${i + 1}`, {
        protocol: DeviceProtocol.MQTT, // a direct device
        deviceClass: 'DT',
        ...MQTT_PLACES[i],
      });
      await repo.insertPoints(tx, id, null, demoPoints.mqtt);
      await insertDemoTriggers(tx, id);
      await backfillDemoHistory(tx, id, Date.now());
    }
    for (const gateway of plan.dtu) {
      if (existing.has(gateway.imei)) continue;
      const id = await insertDevice(tx, ownerUserId, gateway.imei, GATEWAY_TITLE, {
        protocol: DeviceProtocol.MODBUS, // Modbus RTU behind a DTU
        deviceClass: 'DTUGW',
        heartbeat: plan.description.heartbeat ?? 'PING',
        heartbeatIntervalS: Math.round((plan.description.heartbeatIntervalMs ?? 60_000) / 1000),
        ...GATEWAY_PLACE,
      });
      const portId = await repo.insertPort(tx, id, {
        name: 'COM1',
        kind: 'serial',
        baud: 9600,
        dataBits: 8,
        parity: 'N',
        stopBits: 1,
        uartReadMs: 25,
        pollIntervalS: POLL_INTERVAL_S,
      });
      for (const slave of gateway.slaves) {
        const slaveRef = await repo.insertSlave(tx, id, portId, `Pump ${slave.id}`, slave.id);
        await repo.insertPoints(tx, id, slaveRef, demoPoints.slave(slave.points));
      }
      await repo.insertTrigger(tx, DEMO_GATEWAY_TRIGGER(id));
    }
  });
  // The pump station and sensor room as a SCADA app, bound to the points just made (issue 17 item 5).
  await ensureDemoScada(db, ownerUserId, plan);
  // A published custom screen of the same points (issue 23 item 2).
  await ensureDemoCustomScreen(db, ownerUserId, plan);
}

async function insertDevice(
  tx: Executor,
  ownerUserId: number,
  imei: string,
  title: string,
  kind: {
    protocol: number;
    deviceClass: 'DT' | 'DTUGW';
    heartbeat?: string;
    heartbeatIntervalS?: number;
    lat?: number;
    lng?: number;
  },
): Promise<number> {
  return repo.insertDevice(tx, {
    ownerUserId,
    title,
    imei,
    sharecode: randomCode(12),
    deviceModel: 'Demo',
    remark: 'Demo fleet (DEMO=1): simulated inside the platform',
    ...kind,
    // Stored hashed like any device's; startDemoFleet gives the simulated devices fresh plain ones.
    ...hashSecrets(newSecrets()),
  });
}

/**
 * Starts the simulated devices against this platform's own listeners, with their real credentials. The
 * platform keeps only hashes of secrets, so each start rotates the demo devices' secrets and hands the
 * plain ones to the simulator in memory (the directory drops the rows it cached with the old hashes).
 */
export async function startDemoFleet(
  db: Executor,
  target: {
    mqttUrl: string;
    dtu: { host: string; port: number };
    directory?: Pick<DeviceDirectory, 'invalidate'>;
  },
  logger: Logger,
  plan: FleetPlan = DEMO_FLEET,
): Promise<RunningFleet> {
  const imeis = [...plan.mqtt.map((d) => d.imei), ...plan.dtu.map((g) => g.imei)];
  const rows = await repo.devicesByImei(db, imeis);
  const secrets = new Map<string, DeviceSecrets>();
  for (const row of rows) {
    const plain = newSecrets();
    await repo.setSecrets(db, row.id, hashSecrets(plain));
    target.directory?.invalidate(row.id);
    secrets.set(row.imei, plain);
  }
  const secretOf = (imei: string) => {
    const found = secrets.get(imei);
    if (!found) throw new Error(`demo device ${imei} is missing`);
    return found;
  };
  const fleet = await startFleet(plan, {
    mqttUrl: target.mqttUrl,
    dtu: target.dtu,
    mqttPassword: (imei) => secretOf(imei).mqttPassword,
    dtuKey: (imei) => secretOf(imei).dtuKey,
    onEvent: (imei, event) => {
      if (event.type === 'error') logger.debug({ imei, event }, 'demo device event');
    },
  });
  logger.info({ mqtt: plan.mqtt.length, gateways: plan.dtu.length }, 'demo fleet running');
  return fleet;
}

/** The demo account's user id, if DEMO=1 created it. */
export async function demoOwnerId(db: Executor, username: string): Promise<number | undefined> {
  return repo.userIdByName(db, username);
}
