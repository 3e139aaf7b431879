import { DeviceProtocol } from '@fleet/contracts';
import { OtaGateway } from '@fleet/device-sim';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { hashSecrets, newSecrets, randomCode } from '../modules/devices/credentials.js';
import type { DeviceDirectory } from '../pipeline/directory.js';
import { otaSigningKeyFor } from '../platform/crypto/signing-key.js';
import type { Executor } from '../platform/db/client.js';
import { demoFleetRepository as fleetRepo } from './demo-fleet.repository.js';
import { demoOtaRepository as repo } from './demo-ota.repository.js';

/** Two 4G gateways the demo account can upgrade (issue 19): an OTA row and an MQTT login each. */
export const DEMO_OTA_IMEIS = ['866900000000101', '866900000000102'] as const;
export const DEMO_OTA_MODEL = 'DEMO-4G';
const FACTORY_VERSION = '1.0.0';

/** Creates the demo OTA gateways once (idempotent), each with its login in the device registry. */
export async function ensureDemoOta(db: Executor, ownerUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const devices = await fleetRepo.existingImeis(tx, DEMO_OTA_IMEIS);
    const gateways = new Set((await repo.gateways(tx, DEMO_OTA_IMEIS)).map((g) => g.imei));
    for (const [i, imei] of DEMO_OTA_IMEIS.entries()) {
      if (!devices.has(imei)) {
        await fleetRepo.insertDevice(tx, {
          ownerUserId,
          title: `OTA gateway ${i + 1}`,
          imei,
          sharecode: randomCode(12),
          deviceModel: DEMO_OTA_MODEL,
          remark: 'Demo OTA gateway (DEMO=1): simulated inside the platform',
          protocol: DeviceProtocol.MQTT,
          deviceClass: 'DT',
          ...hashSecrets(newSecrets()),
        });
      }
      if (!gateways.has(imei)) {
        await repo.insertGateway(tx, {
          ownerUserId,
          imei,
          type: 2,
          model: DEMO_OTA_MODEL,
          firmwareVersion: FACTORY_VERSION,
          firmwareCounter: 1,
          remark: 'Demo OTA gateway: create a firmware or parameter plan for it',
        });
      }
    }
    // A day of csq answers (hourly), so the signal bars and the drawer's chart show from the start.
    const now = Date.now();
    for (const [i, gateway] of (await repo.withoutSignal(tx, DEMO_OTA_IMEIS)).entries()) {
      const history = Array.from({ length: 24 }, (_, h) => ({
        rssi: 16 + i * 5 + Math.round(3 * Math.sin(h / 3)),
        ber: h % 7 === 0 ? 1 : 0,
        at: new Date(now - (24 - h) * 3600_000),
      }));
      await repo.insertSignal(tx, gateway.id, history);
    }
  });
}

/**
 * Runs the demo OTA gateways with the simulator's agent: they log in on the platform's broker, take
 * notices, download, verify with the platform's public key, apply and report. Each starts from the
 * version its row says it runs (so a restart does not roll it back); secrets are rotated per start.
 */
export async function startDemoOta(
  db: Executor,
  target: {
    mqttUrl: string;
    config: Pick<Config, 'DATA_DIR' | 'OTA_SIGNING_KEY'>;
    directory?: Pick<DeviceDirectory, 'invalidate'>;
  },
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const publicKey = otaSigningKeyFor(target.config).publicKeyPem;
  const rows = await fleetRepo.devicesByImei(db, DEMO_OTA_IMEIS);
  const state = new Map((await repo.gateways(db, DEMO_OTA_IMEIS)).map((g) => [g.imei, g]));
  const sims: OtaGateway[] = [];
  for (const row of rows) {
    const plain = newSecrets();
    await fleetRepo.setSecrets(db, row.id, hashSecrets(plain));
    target.directory?.invalidate(row.id);
    const gateway = state.get(row.imei);
    const sim = new OtaGateway({
      url: target.mqttUrl,
      imei: row.imei,
      password: plain.mqttPassword,
      model: gateway?.model || DEMO_OTA_MODEL,
      publicKey,
      version: gateway?.firmwareVersion || FACTORY_VERSION,
      counter: gateway?.firmwareCounter ?? 1,
      paramVersion: gateway?.paramVersion ?? null,
    });
    await sim.start();
    sims.push(sim);
  }
  logger.info({ gateways: sims.length }, 'demo OTA gateways running');
  return {
    async stop() {
      for (const sim of sims) await sim.stop().catch(() => undefined);
    },
  };
}
