import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './client.js';

export const migrationsFolder = MIGRATIONS_DIR;

/** Arbitrary constant key of the advisory lock that serializes migrations across instances. */
const MIGRATION_LOCK = 7_340_211;

/** Applies the drizzle-kit migrations (one Postgres dialect for both drivers). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder });
    return;
  }
  // One dedicated connection holds the lock while migrating, so several instances starting
  // together apply each migration once.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
