import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { ensureDemoAssets } from '../demo/demo-assets.js';
import { ensureDemoEnforcement } from '../demo/demo-enforcement.js';
import { demoOwnerId, ensureDemoDevices, startDemoFleet } from '../demo/demo-fleet.js';
import { ensureDemoWorkOrders } from '../demo/demo-maintenance.js';
import { ensureDemoPlans } from '../demo/demo-maintenance-plans.js';
import { ensureDemoMoney } from '../demo/demo-money.js';
import { ensureDemoNotices } from '../demo/demo-notices.js';
import { ensureDemoOta, startDemoOta } from '../demo/demo-ota.js';
import { DEMO_USERNAME } from '../modules/auth/auth.service.js';
import { scheduleHistoryMaintenance } from '../pipeline/history-partitions.js';
import type { DeviceRuntime } from '../platform/runtime.js';
import { startDtuGateway } from './dtu/dtu-gateway.js';
import { startMqttGateway } from './mqtt/mqtt-gateway.js';
import { startBrokerSync } from './mqtt/provisioning/broker-sync.js';

/** DEMO=1: the demo account's fleet, simulated in this process against its own listeners. */
async function startDemo(
  config: Config,
  runtime: DeviceRuntime,
  ports: { mqttPort: number | null; dtuPort: number },
  logger: Logger,
) {
  const db = runtime.database.db;
  const owner = await demoOwnerId(db, DEMO_USERNAME);
  if (owner === undefined) return undefined;
  await ensureDemoDevices(db, owner);
  // Its balance and records (recharge center, fee overview).
  await ensureDemoMoney(db, owner);
  // Its work orders: a repair raised from an alarm, planned maintenance (issue 22).
  await ensureDemoWorkOrders(db, owner);
  // Its law enforcement records: an intact chain, one handled as a work order (issue 22 item 5).
  await ensureDemoEnforcement(db, owner);
  // Its device ledger: assets linked to its devices, one near its warranty end (after the orders,
  // which are seeded only while the account has none).
  await ensureDemoAssets(db, owner);
  await ensureDemoPlans(db, owner);
  // Its notice log: SMS, calls and e-mail with status, units charged and provider answers (issue 21).
  await ensureDemoNotices(db, owner);
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const mqttUrl = config.MQTT_URL ?? `mqtt://${host}:${ports.mqttPort}`;
  const fleet = await startDemoFleet(
    db,
    { mqttUrl, dtu: { host, port: ports.dtuPort }, directory: runtime.directory },
    logger,
  );
  // Two OTA gateways to roll firmware and parameters out to (issue 19).
  await ensureDemoOta(db, owner);
  const ota = await startDemoOta(db, { mqttUrl, config, directory: runtime.directory }, logger).catch(
    async (error: unknown) => {
      await fleet.stop();
      throw error;
    },
  );
  return {
    async stop() {
      await ota.stop();
      await fleet.stop();
    },
  };
}

export interface DeviceSide {
  mqttPort: number | null;
  dtuPort: number;
  close(): Promise<void>;
}

/**
 * Everything device-facing, started once the database is migrated: presence recovery, history
 * partitions and rollups, the MQTT broker (or client of MQTT_URL) and the DTU listener. A taken port rejects
 * with ListenerPortError naming the variable that moves it.
 */
export async function startDeviceSide(
  config: Config,
  runtime: DeviceRuntime,
  logger: Logger,
): Promise<DeviceSide> {
  // A provisioned external broker keeps its devices connected while the platform restarts (their
  // offline wills wait in the persistent session): their state is not reset here.
  const brokerHoldsPresence = config.MQTT_URL !== undefined && config.MQTT_PROVISION !== 'none';
  if (!config.REDIS_URL && !brokerHoldsPresence) {
    // Embedded: no device can still be connected to a process that just started.
    const reset = await runtime.presence.recoverAtStart();
    if (reset > 0) logger.info({ devices: reset }, 'devices marked offline after restart');
  }
  // Leader ticks of the job layer: with several instances one maintains partitions and rolls up.
  const maintenance = scheduleHistoryMaintenance(
    runtime.jobs,
    runtime.database,
    { retentionMonths: config.HISTORY_RETENTION_MONTHS },
    logger,
  );
  const rollups = runtime.jobs.onLeader('history rollup', 10_000, () => runtime.rollups.runPending());
  runtime.jobs.start();
  const stops: Array<() => Promise<void>> = [() => maintenance.stop(), () => rollups.stop()];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const sync = startBrokerSync({
      ...runtime,
      provisioner: runtime.brokerProvisioner,
      onConnect: runtime.onBrokerConnect,
      logger,
    });
    stops.push(async () => sync.stop());
    await sync.ready; // the platform's own broker user has its role before it subscribes
    const mqtt = await startMqttGateway(runtime, {
      port: config.MQTT_PORT,
      host: config.HOST,
      url: config.MQTT_URL,
      shareGroup: config.MQTT_SHARE_GROUP,
      logger,
      // Provisioned brokers: the device's state messages (or EMQX's events) say online/offline.
      presence: config.MQTT_PROVISION === 'none' ? 'traffic' : 'events',
      sessionId: config.MQTT_SESSION_ID,
      sessionExpiryS: config.MQTT_SESSION_EXPIRY,
      connections: config.MQTT_CONNECTIONS,
    });
    stops.push(() => mqtt.close());
    const mqttMetrics = runtime.metrics.register('mqtt', () => mqtt.counters(), ['connected']);
    stops.push(async () => mqttMetrics());
    if (config.MQTT_URL) logger.info('MQTT client of the external broker connected');
    else logger.info({ port: mqtt.port }, 'MQTT broker listening');
    const dtu = await startDtuGateway(runtime, { port: config.DTU_PORT, host: config.HOST, logger });
    stops.push(() => dtu.close());
    const dtuMetrics = runtime.metrics.register('dtu', () => dtu.counters(), ['connections', 'online']);
    stops.push(async () => dtuMetrics());
    logger.info({ port: dtu.port }, 'DTU gateway listening');
    if (config.DEMO) {
      const fleet = await startDemo(config, runtime, { mqttPort: mqtt.port, dtuPort: dtu.port }, logger);
      if (fleet) stops.push(() => fleet.stop());
    }
    return { mqttPort: mqtt.port, dtuPort: dtu.port, close };
  } catch (error) {
    await close();
    throw error;
  }
}
