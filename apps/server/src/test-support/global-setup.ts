import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../platform/db/client.js';
import { migrateDatabase } from '../platform/db/migrate.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** File holding a dump of a migrated, empty PGlite data directory (faster than initdb per app). */
    pgliteTemplate: string;
  }
}

/** Runs initdb + migrations once per test run; every test database starts from the dump. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'pg') return;
  const dir = mkdtempSync(join(tmpdir(), 'fleet-template-'));
  const database = await createDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }, { inMemory: true });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
