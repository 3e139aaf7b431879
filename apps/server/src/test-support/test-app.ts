import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, parseConfig } from '../config.js';
import type { LoginThrottle } from '../modules/auth/auth.service.js';
import { type BootstrapResult, bootstrap } from '../platform/bootstrap/bootstrap.js';
import type { Database } from '../platform/db/client.js';
import { createRuntime, type DeviceRuntime, type RuntimeOptions } from '../platform/runtime.js';
import { createTestDatabase } from './database.js';

/** A clock tests can move forward. */
export interface TestClock {
  (): Date;
  advance(seconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (seconds) => {
    now += seconds * 1000;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export interface TestAppOptions {
  /** Environment variables as the server would read them (DATA_DIR is a fresh temp dir). */
  env?: Record<string, string>;
  loginThrottle?: LoginThrottle;
  /** Adds routes or hooks before the app is ready (e.g. a probe route for a permission check). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Overrides of the runtime's construction (e.g. a logger). */
  runtime?: Partial<Pick<RuntimeOptions, 'logger'>>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  dataDir: string;
  boot: BootstrapResult;
  /** The device side the app was built with (pipeline, presence, commands, bus, directory). */
  runtime: DeviceRuntime;
  /** The clear password of the initial administrator. */
  adminPassword: string;
  close(): Promise<void>;
}

/** The real buildApp on a fresh database (PGlite in memory, or PostgreSQL with TEST_DB=pg). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-test-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    // Test files share the machine's Redis (and a CI stage may run beside another): each app gets
    // its own keys and channels, as two deployments on one Redis would.
    ...(options.env?.REDIS_URL && { REDIS_PREFIX: `test-${randomUUID().slice(0, 8)}:` }),
    ...options.env,
  });
  const database = await createTestDatabase(dataDir).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const boot = await bootstrap(database, config);
  const clock = createTestClock();
  const runtime = await createRuntime({ config, database, clock, ...options.runtime });
  const app = await buildApp({
    runtime,
    config,
    database,
    tokenKey: new TextEncoder().encode(randomBytes(32).toString('hex')),
    clock,
    loginThrottle: options.loginThrottle,
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    dataDir,
    boot,
    adminPassword: boot.initialAdmin!.password,
    runtime,
    async close() {
      await app.close();
      await runtime.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
