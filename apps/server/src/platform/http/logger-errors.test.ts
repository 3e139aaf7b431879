import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import type { Database } from '../db/client.js';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-log-'));
  database = await createTestDatabase(dataDir);
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function failingQuery(secret: string): Promise<unknown> {
  try {
    await database.db.execute(
      sql`select id from users where password_hash = ${secret} and no_such_column = ${`${secret}-2`}`,
    );
  } catch (error) {
    return error;
  }
  throw new Error('the query should have failed');
}

describe('logging a failed query', () => {
  it('keeps the query and the database message but never the parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LWhhc2g';
    const error = await failingQuery(secret);
    // The error object really carries the secret (drizzle's message and params, the driver's fields).
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain(secret);
    const { lines, logger } = capture();
    logger.error({ err: error }, 'request failed');
    logger.warn({ error }, 'event bus failed');
    const out = lines.join('');
    expect(out).not.toContain(secret);
    expect(out).not.toContain('c2VjcmV0LWhhc2g');
    expect(out).toContain('no_such_column');
    expect(out).toContain('[redacted]');
  });

  it('scrubs a unique violation detail that names the value', async () => {
    const secret = `whsec-${Date.now().toString(36)}-unique`;
    await database.db.execute(sql`create temporary table secret_probe (v text unique)`);
    await database.db.execute(sql`insert into secret_probe values (${secret})`);
    let error: unknown;
    try {
      await database.db.execute(sql`insert into secret_probe values (${secret})`);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    const { lines, logger } = capture();
    logger.error({ err: error }, 'request failed');
    const out = lines.join('');
    expect(out).not.toContain(secret);
    expect(out).toContain('secret_probe');
  });
});
