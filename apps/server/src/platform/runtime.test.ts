import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { createLogger } from './http/logger.js';
import { createRuntime, type DeviceRuntime } from './runtime.js';

let dataDir: string | undefined;
let database: Database | undefined;
let runtime: DeviceRuntime | undefined;

afterEach(async () => {
  await runtime?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  runtime = undefined;
  database = undefined;
  dataDir = undefined;
});

/** Lets every pending promise callback and I/O callback run once. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the runtime on a fresh database', () => {
  it('starts the alarm engine only after the migrations (main.ts hands in its start-up promise)', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-runtime-'));
    // A fresh, empty database: no tables until migrateDatabase runs.
    database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, { inMemory: true });
    await database.ready;
    const lines: string[] = [];
    const logger = createLogger(
      'warn',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    let migrated!: () => void;
    const ready = new Promise<void>((resolve) => {
      migrated = resolve;
    });
    runtime = await createRuntime({ config: { REDIS_URL: undefined }, database, logger, ready });
    let started = false;
    void runtime.alarmsStarted.then(() => {
      started = true;
    });
    for (let i = 0; i < 5; i++) await turn();
    expect(started).toBe(false);

    await migrateDatabase(database);
    migrated();
    await runtime.alarmsStarted;
    expect(started).toBe(true);
    await runtime.alarms.sweep();
    await runtime.alarms.drained();
    expect(lines.join('')).toBe('');
  });

  it('never starts the engine when the runtime closed before the migrations finished', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-runtime-'));
    database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, { inMemory: true });
    let migrated!: () => void;
    const ready = new Promise<void>((resolve) => {
      migrated = resolve;
    });
    const own = await createRuntime({ config: { REDIS_URL: undefined }, database, ready });
    let startCalls = 0;
    const start = own.alarms.start;
    own.alarms.start = () => {
      startCalls += 1;
      start();
    };
    await own.close();
    migrated();
    await own.alarmsStarted;
    expect(startCalls).toBe(0);
  });
});
