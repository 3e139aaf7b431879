import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usesPostgres } from '../test-support/database.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureHistoryPartitions, scheduleHistoryMaintenance } from './history-partitions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}
const partitions = async () =>
  (
    await query<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'point_history'::regclass order by 1`,
    )
  ).map((r) => r.name);
const countIn = async (table: string) =>
  (await query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const insertAt = (pointId: number, iso: string) =>
  t.database.db.execute(sql`insert into point_history (point_id, ts, value) values (${pointId}, ${iso}, 1)`);

describe('history partitions', () => {
  it('creates last month to two months ahead, moving rows out of the default partition', async () => {
    await insertAt(1, '2026-01-15T00:00:00Z');
    await insertAt(1, '2026-02-28T23:59:59.999Z');
    await insertAt(1, '2026-03-01T00:00:00Z');
    const report = await ensureHistoryPartitions(t.database, {
      now: new Date('2026-02-10T12:00:00Z'),
      retentionMonths: 24,
    });
    expect(report.created).toEqual([
      'point_history_y2026m01',
      'point_history_y2026m02',
      'point_history_y2026m03',
      'point_history_y2026m04',
    ]);
    expect(report.moved).toBe(3);
    expect(await countIn('point_history_default')).toBe(0);
    expect(await countIn('point_history_y2026m02')).toBe(1);
    expect(await countIn('point_history_y2026m03')).toBe(1);
    // The unique key still holds across the moved rows.
    await t.database.db.execute(
      sql`insert into point_history (point_id, ts, value) values (1, '2026-03-01T00:00:00Z', 2) on conflict do nothing`,
    );
    expect(await countIn('point_history_y2026m03')).toBe(1);

    const again = await ensureHistoryPartitions(t.database, {
      now: new Date('2026-02-10T12:00:00Z'),
      retentionMonths: 24,
    });
    expect(again).toEqual({ created: [], moved: 0, dropped: [], deletedFromDefault: 0 });
  });

  it('drops partitions entirely older than the retention and old rows of the default partition', async () => {
    await insertAt(2, '2025-12-31T00:00:00Z'); // default partition (no December partition exists)
    await insertAt(2, '2026-01-20T00:00:00Z');
    for (const bucket of ['2026-02-14T23:45:00Z', '2026-02-15T00:00:00Z']) {
      await t.database.db.execute(sql`insert into point_rollup_15m values
        (2, ${bucket}, 1, 1, 1, 1, ${bucket}, 1, ${bucket}, 1, 0)`);
    }
    const report = await ensureHistoryPartitions(t.database, {
      now: new Date('2026-04-15T00:00:00Z'),
      retentionMonths: 2,
    });
    // Rollups follow the retention too.
    expect(await countIn('point_rollup_15m')).toBe(1);
    // Cutoff 2026-02-15: January ends before it, February does not.
    expect(report.dropped).toEqual(['point_history_y2026m01']);
    expect(report.deletedFromDefault).toBe(1);
    expect(report.created).toEqual(['point_history_y2026m05', 'point_history_y2026m06']);
    expect(await partitions()).toEqual([
      'point_history_default',
      'point_history_y2026m02',
      'point_history_y2026m03',
      'point_history_y2026m04',
      'point_history_y2026m05',
      'point_history_y2026m06',
    ]);
  });

  it('runs at once when its instance leads, logs failures and stops', async () => {
    const errors: unknown[] = [];
    const logger = { info: () => undefined, error: (o: unknown) => errors.push(o) };
    // The app's own job layer: on PostgreSQL its instance holds the leadership of this database.
    const maintenance = scheduleHistoryMaintenance(
      t.runtime.jobs,
      t.database,
      { retentionMonths: 24, now: () => new Date('2026-07-01T00:00:00Z') },
      logger as never,
    );
    await vi.waitFor(async () => expect(await partitions()).toContain('point_history_y2026m09'), {
      timeout: 5000,
    });
    await maintenance.stop();
    expect(errors).toEqual([]);
  });
});

// A second connection writing history exists only on PostgreSQL (PGlite has one connection).
if (usesPostgres()) {
  describe('history partitions beside ingest (PostgreSQL)', () => {
    it("creates a month's partition while an ingest batch is writing that month", async () => {
      // Earlier months exist, as on a running deployment; June does not yet.
      await ensureHistoryPartitions(t.database, {
        now: new Date('2027-03-10T00:00:00Z'),
        retentionMonths: 24,
      });
      const writer = new pg.Client({ connectionString: t.database.url });
      await writer.connect();
      try {
        // An ingest batch has written a June reading (to the default partition) and not committed yet.
        await writer.query('begin');
        await writer.query(
          `insert into point_history (point_id, ts, value) values (7, '2027-06-15T00:00:00Z', 1)`,
        );
        const maintenance = ensureHistoryPartitions(t.database, {
          now: new Date('2027-06-10T00:00:00Z'),
          retentionMonths: 24,
        });
        // Maintenance waits for the batch: it must not decide on June's rows before the batch ends.
        await expect
          .poll(
            async () =>
              (await query<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`))[0]!
                .n,
          )
          .toBeGreaterThan(0);
        await writer.query('commit');
        const report = await maintenance;
        expect(report.created).toContain('point_history_y2027m06');
        expect(report.moved).toBe(1);
        expect(await countIn('point_history_y2027m06')).toBe(1);
      } finally {
        await writer.end();
      }
    });
  });
}
