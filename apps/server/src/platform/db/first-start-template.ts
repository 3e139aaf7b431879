import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ROOT } from '../paths.js';
import { createDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

/**
 * A dump of a migrated, empty embedded database, made by the production build (scripts/server-build.mjs).
 * A first start on an empty DATA_DIR loads it instead of running initdb and every migration, which
 * took most of the ~12 s before the first answer on a two-core machine (initdb alone ~4.5 s, loading
 * the dump ~1.5 s). The file name carries PGlite's version: a dump is only loaded by the PGlite that
 * wrote it. An older dump is harmless: the migrator applies whatever came after it.
 */
function pgliteVersion(): string {
  // The package does not export its package.json; its entry point lies in dist/ under the package root.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export function templateFile(): string {
  return join(SERVER_ROOT, 'dist', `pgdata-template-${pgliteVersion()}.tar`);
}

/** True when `dataPath` holds no database yet (initdb writes PG_VERSION first). */
export function isFreshDataDir(dataPath: string): boolean {
  return !existsSync(dataPath) || readdirSync(dataPath).length === 0;
}

/** The dump for a first start, or undefined (no build made one: the first start runs initdb). */
export function readFirstStartTemplate(): Blob | undefined {
  const file = templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Writes the dump next to the bundle (atomically, so a start never reads half a file). */
export async function writeFirstStartTemplate(): Promise<string> {
  const database = await createDatabase({ DATA_DIR: '', DATABASE_URL: undefined }, { inMemory: true });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const file = templateFile();
    writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
    return file;
  } finally {
    await database.close();
  }
}
