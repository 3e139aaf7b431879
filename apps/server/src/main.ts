import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { ListenerPortError } from './gateways/listen-error.js';
import { startDeviceSide } from './gateways/start.js';
import { bootstrap } from './platform/bootstrap/bootstrap.js';
import { loadTokenKey } from './platform/bootstrap/secret-key.js';
import { createDatabase } from './platform/db/client.js';
import { DataDirInUseError } from './platform/db/data-dir-lock.js';
import { migrateDatabase } from './platform/db/migrate.js';
import { createLogger, terminalDestination } from './platform/http/logger.js';
import { createRuntime } from './platform/runtime.js';

/** One clear line on stderr, no stack trace, exit code 1. */
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The listeners and the variable that moves each one. */
type PortVariable = 'PORT' | 'MQTT_PORT' | 'DTU_PORT';

function listenProblem(error: unknown, config: Config, variable: PortVariable = 'PORT'): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  const port = config[variable];
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use; set ${variable} to another port (0 picks a free one).`;
  if (code === 'EACCES') return `Port ${port} needs privileges; set ${variable} to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST ${config.HOST} is not an address of this machine; set HOST (default 0.0.0.0).`;
  }
  return null;
}

/** Fails fast, before the database is touched, when a listener's port cannot be bound. */
async function checkPort(config: Config, variable: PortVariable): Promise<void> {
  if (config[variable] === 0) return;
  await new Promise<void>((done) => {
    const probe = createServer();
    probe.once('error', (error) => {
      const line = listenProblem(error, config, variable);
      if (line) fail(line);
      done();
    });
    probe.listen({ port: config[variable], host: config.HOST, exclusive: true }, () =>
      probe.close(() => done()),
    );
  });
}

async function readConfig(): Promise<Config> {
  try {
    return await loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = await readConfig();
  await checkPort(config, 'PORT');
  // The embedded broker only: with MQTT_URL the platform is a client of an external broker.
  if (!config.MQTT_URL) await checkPort(config, 'MQTT_PORT');
  await checkPort(config, 'DTU_PORT');
  const logger = createLogger(config.LOG_LEVEL, terminalDestination());
  const tokenKey = loadTokenKey(config);
  if (tokenKey.source !== 'env' && config.DATABASE_URL) {
    logger.warn(
      'TOKEN_SECRET is not set: tokens are signed with DATA_DIR/secret.key; set the same TOKEN_SECRET on every instance sharing the database',
    );
  }
  const database = await createDatabase(config).catch((error: unknown) => {
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  });
  // Migrations and bootstrap run while the port opens; requests wait for them.
  const startup = (async () => {
    await database.ready;
    await migrateDatabase(database);
    return bootstrap(database, config);
  })();
  startup.catch(() => undefined);
  // The alarm engine starts once migrations are done (it reads the trigger and alarm tables).
  const runtime = await createRuntime({ config, database, logger, ready: startup });
  const app = await buildApp({ config, database, tokenKey: tokenKey.key, logger, ready: startup, runtime });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const line = listenProblem(error, config);
    if (!line) throw error;
    await startup.catch(() => undefined);
    await database.close().catch(() => undefined);
    fail(line);
  }
  const port = (app.server.address() as AddressInfo).port;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  logger.info({ port, database: database.kind }, `Fleet platform listening on http://${shownHost}:${port}`);

  const boot = await startup;
  logger.info('database ready');
  if (boot.initialAdmin) {
    const { username, password, file } = boot.initialAdmin;
    logger.warn(
      `First start: created the platform administrator "${username}" with password ${password} ` +
        `(shown once; also written to ${resolve(file)}; delete that file after signing in)`,
    );
  }

  const devices = await startDeviceSide(config, runtime, logger).catch(async (error: unknown) => {
    await app.close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    if (error instanceof ListenerPortError) fail(error.message);
    throw error;
  });

  const shutdown = async (signal: string) => {
    logger.info(`${signal} received, shutting down`);
    await devices.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Fleet platform failed to start: ${detail}\n`);
  process.exit(1);
});
