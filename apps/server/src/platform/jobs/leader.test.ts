import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usesPostgres } from '../../test-support/database.js';
import type { Database } from '../db/client.js';
import { createLeader, type Leader } from './leader.js';

let dataDir: string;
let database: Database;
const leaders: Leader[] = [];
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-leader-'));
  database = await createTestDatabase(dataDir);
});
afterAll(async () => {
  for (const leader of leaders) await leader.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function instance(): { leader: Leader; changes: boolean[] } {
  const leader = createLeader(database, { retryMs: 100 });
  leaders.push(leader);
  const changes: boolean[] = [];
  leader.onChange((value) => changes.push(value));
  return { leader, changes };
}

if (usesPostgres()) {
  describe('leader election on PostgreSQL', () => {
    it('elects one of two instances and hands over when the leader connection dies', async () => {
      const a = instance();
      a.leader.start();
      await until(() => a.leader.isLeader(), 'a to lead');
      const b = instance();
      b.leader.start();
      // b connects and tries while a holds the lock.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const connections = async () =>
          (
            await admin.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where application_name = 'fleet-leader' and datname = current_database()",
            )
          ).rows[0]!.n;
        const deadline = Date.now() + 10_000;
        while ((await connections()) < 2 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        expect(await connections()).toBe(2);
        expect(b.leader.isLeader()).toBe(false);

        // Kill the leader's connection: PostgreSQL releases its session lock, b takes over.
        const holder = await admin.query<{ pid: number }>(
          "select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
        );
        expect(holder.rows).toHaveLength(1);
        await admin.query('select pg_terminate_backend($1)', [holder.rows[0]!.pid]);
        await until(() => b.leader.isLeader(), 'b to take over');
        await until(() => !a.leader.isLeader(), 'a to notice');
        expect(a.changes).toEqual([true, false]);
        expect(b.changes).toEqual([true]);
        // a reconnects as a follower: never two leaders.
        await until(() => a.changes.length === 2, 'a to reconnect');
        expect(a.leader.isLeader()).toBe(false);

        // b stops cleanly: its lock goes with its connection and a becomes the leader again.
        await b.leader.stop();
        await until(() => a.leader.isLeader(), 'a to lead again');
        expect(b.changes).toEqual([true, false]);
      } finally {
        await admin.end();
      }
    });
  });
} else {
  describe('leader on PGlite', () => {
    it('is always this instance once started, and says so through the same events', async () => {
      const { leader, changes } = instance();
      expect(leader.isLeader()).toBe(false);
      leader.start();
      expect(leader.isLeader()).toBe(true);
      await leader.stop();
      expect(changes).toEqual([true, false]);
    });
  });
}
