import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { demoOwnerId, ensureDemoDevices, startDemoFleet } from '../demo/demo-fleet.js';
import { DEMO_USERNAME } from '../modules/auth/auth.service.js';
import { startHistoryMaintenance } from '../pipeline/history-partitions.js';
import type { DeviceRuntime } from '../platform/runtime.js';
import { startDtuGateway } from './dtu/dtu-gateway.js';
import { startMqttGateway } from './mqtt/mqtt-gateway.js';

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
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const mqttUrl = config.MQTT_URL ?? `mqtt://${host}:${ports.mqttPort}`;
  return startDemoFleet(db, { mqttUrl, dtu: { host, port: ports.dtuPort } }, logger);
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
  if (!config.REDIS_URL) {
    // Embedded: no device can still be connected to a process that just started.
    const reset = await runtime.presence.recoverAtStart();
    if (reset > 0) logger.info({ devices: reset }, 'devices marked offline after restart');
  }
  const maintenance = startHistoryMaintenance(
    runtime.database,
    { retentionMonths: config.HISTORY_RETENTION_MONTHS },
    logger,
  );
  runtime.rollups.start();
  const stops: Array<() => Promise<void>> = [async () => maintenance.stop(), () => runtime.rollups.close()];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const mqtt = await startMqttGateway(runtime, {
      port: config.MQTT_PORT,
      host: config.HOST,
      url: config.MQTT_URL,
      logger,
    });
    stops.push(() => mqtt.close());
    if (config.MQTT_URL) logger.info('MQTT client of the external broker connected');
    else logger.info({ port: mqtt.port }, 'MQTT broker listening');
    const dtu = await startDtuGateway(runtime, { port: config.DTU_PORT, host: config.HOST, logger });
    stops.push(() => dtu.close());
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
