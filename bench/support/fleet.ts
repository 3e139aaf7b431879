import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseConfig } from '../../apps/server/src/config.js';
import { newSecrets } from '../../apps/server/src/modules/devices/credentials.js';
import { draftDevice } from '../../apps/server/src/modules/devices/device-rules.js';
import { createDevicesRepository } from '../../apps/server/src/modules/devices/devices.repository.js';
import { pointFields } from '../../apps/server/src/modules/devices/point-defaults.js';
import {
  createPointsRepository,
  type NewPoint,
} from '../../apps/server/src/modules/devices/points.repository.js';
import { bootstrap } from '../../apps/server/src/platform/bootstrap/bootstrap.js';
import { createDatabase, type Database } from '../../apps/server/src/platform/db/client.js';
import { migrateDatabase } from '../../apps/server/src/platform/db/migrate.js';

export interface BenchDatabase {
  database: Database;
  /** The first start's administrator (username and password), to sign in through the API. */
  admin: { username: string; password: string };
  /** PostgreSQL only: the connection string of the fresh bench database (for raw COPY). */
  url?: string;
  dispose(): Promise<void>;
}

/** A migrated, bootstrapped PGlite database in a temp directory (on disk, like production). */
export async function embeddedDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  const config = parseConfig({ DATA_DIR: dataDir });
  const database = await createDatabase(config);
  await database.ready;
  await migrateDatabase(database);
  const boot = await bootstrap(database, config);
  return {
    database,
    admin: boot.initialAdmin!,
    async dispose() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The version of the PostgreSQL server at `url`, null when it cannot be reached. */
export async function serverVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database `fleet_bench_<random>` on the server of `adminUrl`, dropped by dispose(). */
export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `fleet_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  const database = await createDatabase(config);
  await migrateDatabase(database);
  const boot = await bootstrap(database, config);
  return {
    database,
    admin: boot.initialAdmin!,
    url: url.toString(),
    async dispose() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export interface Fleet {
  devices: { id: number; imei: string; mqttPassword: string; points: number[] }[];
}

/** `deviceCount` devices of the administrator with `pointsPerDevice` points stored on every reading. */
export async function createFleet(
  database: Database,
  deviceCount: number,
  pointsPerDevice: number,
): Promise<Fleet> {
  const result = (await database.db.execute(sql`select id from users order by id limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  const ownerId = result.rows[0]!.id;
  // The rows store hashes; the simulated devices log in with the plain secrets kept here.
  const secrets = Array.from({ length: deviceCount }, () => newSecrets());
  const drafts = Array.from({ length: deviceCount }, (_, i) => {
    const draft = draftDevice(
      {
        device_imei: `99${String(Date.now()).slice(-8)}${String(i).padStart(5, '0')}`,
        device_title: `bench ${i}`,
      },
      ownerId,
      null,
      secrets[i]!,
    );
    if ('field' in draft) throw new Error(`${draft.field}: ${draft.message}`);
    return draft;
  });
  const devices = await createDevicesRepository(database.db).insertMany(drafts);
  const points: NewPoint[] = devices.flatMap((d) =>
    Array.from({ length: pointsPerDevice }, (_, k) => ({
      ...pointFields({ name: `p${k}`, title: `Point ${k}`, storageIntervalS: 0 }),
      deviceId: d.id,
      slaveRef: null,
      sort: k,
    })),
  );
  const rows = await createPointsRepository(database.db).insertPoints(points);
  return {
    devices: devices.map((d, i) => ({
      id: d.id,
      imei: d.imei,
      mqttPassword: secrets[i]!.mqttPassword,
      points: rows.filter((p) => p.deviceId === d.id).map((p) => p.id),
    })),
  };
}
