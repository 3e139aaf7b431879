import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../platform/db/client.js';
import { migrateDatabase } from '../platform/db/migrate.js';

/** True when the suite runs against PostgreSQL (TEST_DB=pg). */
export const usesPostgres = () => process.env.TEST_DB === 'pg';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB=pg needs TEST_DATABASE_URL (an admin connection string, e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  return url;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before the server has seen every client leave; dropping WITH (FORCE) then
 * kills a closing connection and pg reports it as an unhandled error. Wait (up to ~2 s) instead.
 */
async function waitForDisconnect(database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    for (let i = 0; i < 40; i++) {
      const res = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        database,
      ]);
      if (res.rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database: in-memory PGlite, or with TEST_DB=pg a new PostgreSQL database
 * `fleet_t_<random>` that `close()` drops.
 */
export async function createTestDatabase(dataDir: string): Promise<Database> {
  if (!usesPostgres()) {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const database = await createDatabase(
      { DATA_DIR: dataDir, DATABASE_URL: undefined },
      { inMemory: true, loadDataDir },
    );
    await migrateDatabase(database);
    return database;
  }
  const name = `fleet_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  const close = database.close;
  const dropping: Database = {
    ...database,
    async close() {
      await close();
      await waitForDisconnect(name);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  try {
    await migrateDatabase(dropping);
  } catch (error) {
    await dropping.close();
    throw error;
  }
  return dropping;
}
