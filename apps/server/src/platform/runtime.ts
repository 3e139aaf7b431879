import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createDeviceCounters, type DeviceCounters } from '../gateways/device-counters.js';
import { createBrokerProvisioner, type ProvisionConfig } from '../gateways/mqtt/provisioning/broker-sync.js';
import type { BrokerProvisioner } from '../gateways/mqtt/provisioning/provisioner.js';
import { createOtaChannel, type OtaChannel } from '../gateways/ota-channel.js';
import { createPresence } from '../gateways/presence/presence.js';
import type { Presence } from '../gateways/types.js';
import { createLinkCounterStore } from '../modules/devices/link-counters.service.js';
import { createDeviceDirectory, type DeviceDirectory } from '../pipeline/directory.js';
import { createPipeline } from '../pipeline/pipeline.js';
import { createRollupJob, type RollupJob } from '../pipeline/rollup/rollup-job.js';
import { type AlarmEngine, createAlarmEngine } from '../pipeline/triggers/engine.js';
import type { Pipeline } from '../pipeline/types.js';
import { createLocalBus, type EventBus } from './bus/event-bus.js';
import { createRedisBus } from './bus/redis-bus.js';
import { createLocalCommandRouter } from './commands/local-router.js';
import { createRedisCommandRouter } from './commands/redis-router.js';
import type { CommandRouter } from './commands/types.js';
import type { Database } from './db/client.js';
import { createJobLayer, type JobLayer } from './jobs/job-layer.js';
import { createLeader } from './jobs/leader.js';
import { createMetricsRegistry, type MetricsRegistry } from './metrics.js';

/** The device side of the platform, shared by the HTTP modules and the gateways (docs/api-pipeline.md). */
export interface DeviceRuntime {
  /** Random per process; names the connection holder in scale-out mode. */
  instanceId: string;
  database: Database;
  bus: EventBus;
  directory: DeviceDirectory;
  pipeline: Pipeline;
  presence: Presence;
  commands: CommandRouter;
  /** OTA notices down and progress up (gateways/ota-channel.ts): the MQTT gateway and the OTA module meet here. */
  ota: OtaChannel;
  /** The alarm engine (docs/api-alarms.md "Triggers"), started once `ready` settles. */
  alarms: AlarmEngine;
  /** Settles when the alarm engine has started (after `RuntimeOptions.ready`); never rejects. */
  alarmsStarted: Promise<void>;
  /** Counter totals for GET /api/v1/metrics; the gateways register theirs when they start. */
  metrics: MetricsRegistry;
  /**
   * Link health per device (malformed frames, Modbus exceptions, timeouts) counted by the gateways,
   * flushed to device_counters every ~10 s and on close (docs/api-devices.md "counters").
   */
  deviceCounters: DeviceCounters;
  /** History rollups (docs/api-datacenter.md "Rollups"); a leader tick of the device side runs them. */
  rollups: RollupJob;
  /**
   * The one job layer (DESIGN 11): leader ticks, consumers of every instance, durable jobs, schedules.
   * Started by buildApp once start-up work is done (and by the device side); stopped by close().
   */
  jobs: JobLayer;
  /**
   * Device logins on the external broker (MQTT_PROVISION); the device service hands it each plain
   * secret at creation and rotation. Failures are logged, never thrown.
   */
  brokerProvisioner: BrokerProvisioner;
  /** Registers a listener of the provisioner's broker (re)connections; answers its removal. */
  onBrokerConnect(listener: () => void): () => void;
  clock: () => Date;
  /** Flushes the pipeline, stops timers, closes the bus. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Pick<Config, 'REDIS_URL'> & Partial<Pick<Config, 'REDIS_PREFIX'>> & ProvisionConfig;
  database: Database;
  clock?: () => Date;
  logger?: Logger;
  /**
   * Settles when the database is migrated (main.ts runs migrations while the port opens). The alarm
   * engine reads triggers and alarm tables, so it starts only then; without it, at once.
   */
  ready?: Promise<unknown>;
}

/** Embedded (in-process bus and router) unless REDIS_URL is set: then both go through Redis. */
export async function createRuntime(options: RuntimeOptions): Promise<DeviceRuntime> {
  const { database, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const instanceId = randomUUID();
  const redisUrl = options.config.REDIS_URL;
  const redisPrefix = options.config.REDIS_PREFIX ?? 'fleet:';
  const report = (what: string) => (error: unknown, context?: string) =>
    logger?.warn({ err: error, context }, `${what} failed`);
  const bus = redisUrl
    ? await createRedisBus(redisUrl, { prefix: `${redisPrefix}bus:`, onError: report('event bus') })
    : createLocalBus((error, channel) => logger?.error({ err: error, channel }, 'event handler failed'));
  const commands = redisUrl
    ? await createRedisCommandRouter({
        url: redisUrl,
        instanceId,
        prefix: redisPrefix,
        onError: report('command routing'),
      })
    : createLocalCommandRouter();
  const directory = createDeviceDirectory(database.db, bus);
  const pipeline = createPipeline({ database, directory, bus, clock, logger });
  const presence = createPresence({ database, bus, clock, logger });
  const alarms = createAlarmEngine({ database, bus, pipeline, clock, logger });
  let closed = false;
  const startAlarms = () => {
    if (!closed) alarms.start();
  };
  const alarmsStarted = options.ready
    ? options.ready.then(startAlarms, () => undefined)
    : Promise.resolve(startAlarms());
  const rollups = createRollupJob({ database, clock, logger });
  const leader = createLeader(database, { logger });
  const jobs = createJobLayer({ database, bus, leader, instanceId, clock, logger });
  const broker = createBrokerProvisioner(options.config, logger);
  const metrics = createMetricsRegistry();
  metrics.register('pipeline', () => pipeline.counters(), ['pending']);
  const ota = createOtaChannel({
    bus,
    // Only scale-out needs it: in embedded mode every DTU session is in this process.
    connectsOverTcp: redisUrl ? async (imei) => (await directory.byImei(imei))?.protocol === 1 : undefined,
    logError: (error, message) => logger?.warn({ err: error }, message),
  });
  metrics.register('ota', () => ota.counters());
  // Flushed by a consumer of the job layer on every instance (each holds its own increments), and at close.
  const deviceCounters = createDeviceCounters({
    repository: createLinkCounterStore(database.db),
    clock,
    logger,
    intervalMs: 0,
  });
  jobs.onEveryInstance('device counters', { pass: () => deviceCounters.flush(), intervalMs: 10_000 });
  return {
    instanceId,
    database,
    bus,
    directory,
    pipeline,
    presence,
    commands,
    ota,
    alarms,
    alarmsStarted,
    metrics,
    deviceCounters,
    rollups,
    jobs,
    brokerProvisioner: broker.provisioner,
    onBrokerConnect: broker.onConnect,
    clock,
    async close() {
      closed = true;
      await jobs.stop();
      await deviceCounters.close();
      await broker.provisioner.close();
      await pipeline.close();
      await alarms.close();
      await rollups.close();
      await presence.close();
      await commands.close();
      directory.close();
      await bus.close();
    },
  };
}
