import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { isFreshDataDir, readFirstStartTemplate } from './first-start-template.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its SQL on: the database or an open transaction. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Connection string of PostgreSQL (undefined for PGlite); the migrator opens its own client. */
  url?: string;
  /** The PGlite instance when kind is 'pglite'. */
  pglite?: PGlite;
  /** Settles when the database can answer (PGlite creates its data directory in the background). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PGlite only: keep the data in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /** PGlite only: start from a dump of a data directory (`PGlite.dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob | File;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pgdata. */
export async function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    // An idle client that loses its connection (PostgreSQL restarted, terminated backend) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool drops the client and
    // the next query opens a new connection, so noting it is enough.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // pg-pool listens for errors only on idle clients: a client checked out for a transaction
    // (every pipeline batch) that loses PostgreSQL would emit 'error' with no listener and kill
    // the process. The query fails instead, the pool drops the client, and the caller retries.
    pool.on('connect', (client) => {
      client.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: config.DATABASE_URL,
      ready: Promise.resolve(),
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  let unlock = () => {};
  let loadDataDir = options.loadDataDir;
  if (!options.inMemory) {
    dataPath = join(config.DATA_DIR, 'pgdata');
    mkdirSync(dataPath, { recursive: true });
    unlock = lockDataDir(config.DATA_DIR);
    if (!loadDataDir && isFreshDataDir(dataPath)) loadDataDir = readFirstStartTemplate();
  }
  // Not awaited: a first start without a template runs initdb (seconds); queries wait for it, the
  // HTTP port need not.
  const client = new PGlite({ dataDir: dataPath, loadDataDir });
  const ready = client.waitReady;
  ready.catch(() => undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ready,
    close: async () => {
      await ready.catch(() => undefined);
      if (!client.closed) await client.close();
      unlock();
    },
  };
}
