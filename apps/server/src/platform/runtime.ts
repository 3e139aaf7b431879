import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createPresence } from '../gateways/presence/presence.js';
import type { Presence } from '../gateways/types.js';
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
  /** The alarm engine (docs/api-alarms.md "Triggers"), started with the runtime. */
  alarms: AlarmEngine;
  /** History rollups (docs/api-datacenter.md "Rollups"); its timer is started with the device side. */
  rollups: RollupJob;
  clock: () => Date;
  /** Flushes the pipeline, stops timers, closes the bus. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Pick<Config, 'REDIS_URL'>;
  database: Database;
  clock?: () => Date;
  logger?: Logger;
}

/** Embedded (in-process bus and router) unless REDIS_URL is set: then both go through Redis. */
export async function createRuntime(options: RuntimeOptions): Promise<DeviceRuntime> {
  const { database, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const instanceId = randomUUID();
  const redisUrl = options.config.REDIS_URL;
  const report = (what: string) => (error: unknown, context?: string) =>
    logger?.warn({ err: error, context }, `${what} failed`);
  const bus = redisUrl
    ? await createRedisBus(redisUrl, { onError: report('event bus') })
    : createLocalBus((error, channel) => logger?.error({ err: error, channel }, 'event handler failed'));
  const commands = redisUrl
    ? await createRedisCommandRouter({ url: redisUrl, instanceId, onError: report('command routing') })
    : createLocalCommandRouter();
  const directory = createDeviceDirectory(database.db, bus);
  const pipeline = createPipeline({ database, directory, bus, clock, logger });
  const presence = createPresence({ database, bus, clock, logger });
  const alarms = createAlarmEngine({ database, bus, pipeline, clock, logger });
  alarms.start();
  const rollups = createRollupJob({ database, clock, logger });
  return {
    instanceId,
    database,
    bus,
    directory,
    pipeline,
    presence,
    commands,
    alarms,
    rollups,
    clock,
    async close() {
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
