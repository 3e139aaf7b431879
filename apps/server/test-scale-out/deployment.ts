import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { scaleOutKeys } from '../src/test-support/scale-out-keys.js';
import {
  initialAdminPassword,
  type PlatformApi,
  signIn,
  withToken,
} from '../test-durability/support/platform-api.js';
import {
  type PlatformPorts,
  type PlatformProcess,
  spawnPlatform,
} from '../test-durability/support/platform-process.js';

/** The shared services of a scale-out deployment, as CI provides them (DESIGN 2). */
export const services = {
  database: process.env.TEST_DATABASE_URL,
  redis: process.env.TEST_REDIS_URL,
  mqtt: process.env.TEST_MQTT_URL,
};

export function requireServices(): { database: string; redis: string; mqtt: string } {
  const { database, redis, mqtt } = services;
  if (!database || !redis || !mqtt) {
    throw new Error('the scale-out suite needs TEST_DATABASE_URL, TEST_REDIS_URL and TEST_MQTT_URL');
  }
  return { database, redis, mqtt };
}

export interface Instance {
  name: string;
  dataDir: string;
  process: PlatformProcess;
  ports: PlatformPorts;
  baseUrl: string;
}

export interface Deployment {
  databaseUrl: string;
  instances: Instance[];
  /** The administrator signed in on the first instance. */
  admin: PlatformApi;
  /** The same session on instance `i`. */
  on(i: number): PlatformApi;
  /** SIGKILL of instance `i` (no shutdown hook runs). */
  kill(i: number): Promise<void>;
  /** A new process for instance `i` on its data directory; waits until it is ready. */
  restart(i: number): Promise<Instance>;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * N platform processes on a database of their own (created on TEST_DATABASE_URL's server, dropped at
 * close), the test Redis and the test broker, in a shared subscription group of their own so that
 * nothing else on the broker takes their messages. `demo` names the instances that run the demo fleet
 * (its simulated DTU gateway dials that instance).
 */
export async function startDeployment(count: number, options: { demo?: number[] } = {}): Promise<Deployment> {
  const shared = requireServices();
  const name = `fleet_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: shared.database });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(shared.database);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);

  const group = `test-${randomBytes(4).toString('hex')}`;
  // A deployment of its own on the shared Redis and broker: other test stages may run beside it.
  const env = {
    REDIS_URL: shared.redis,
    REDIS_PREFIX: `${group}:`,
    MQTT_URL: shared.mqtt,
    MQTT_SHARE_GROUP: group,
    ...scaleOutKeys(),
  };
  const dataDirs = Array.from({ length: count }, (_, i) => mkdtempSync(join(tmpdir(), `fleet-scale-${i}-`)));
  const spawn = async (i: number): Promise<Instance> => {
    const demo: Record<string, string> = options.demo?.includes(i) ? { DEMO: '1' } : {};
    // A stable session per instance slot: a restarted instance resumes its broker session, and the
    // messages the broker queued for it while it was away are delivered then (persistent sessions).
    const session = { MQTT_SESSION_ID: `${env.MQTT_SHARE_GROUP}-${i}`, MQTT_SESSION_EXPIRY: '300' };
    const process = spawnPlatform({
      dataDir: dataDirs[i]!,
      databaseUrl,
      env: { ...env, ...demo, ...session },
    });
    const ports = await process.ready(90_000);
    return {
      name: String.fromCharCode(65 + i),
      dataDir: dataDirs[i]!,
      process,
      ports,
      baseUrl: `http://127.0.0.1:${ports.http}`,
    };
  };
  // Started together, as a deployment comes up: migrations and the first administrator happen once.
  const instances = await Promise.all(dataDirs.map((_, i) => spawn(i)));
  const signedIn = await signIn(instances[0]!.baseUrl, initialAdminPassword(dataDirs));

  const deployment: Deployment = {
    databaseUrl,
    instances,
    admin: signedIn,
    on: (i) => withToken(instances[i]!.baseUrl, signedIn.token),
    kill: (i) => instances[i]!.process.kill(),
    async restart(i) {
      await instances[i]!.process.stop();
      instances[i] = await spawn(i);
      return instances[i]!;
    },
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    async close() {
      for (const instance of instances) await instance.process.kill().catch(() => undefined);
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: shared.database });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await client.end();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  return deployment;
}

/** Warning and error lines of every instance, for failure messages. */
export function problems(deployment: Deployment | undefined): string {
  if (!deployment) return '';
  return deployment.instances
    .map((instance) => `instance ${instance.name}:\n${instance.process.problems(15).join('\n')}`)
    .join('\n');
}
