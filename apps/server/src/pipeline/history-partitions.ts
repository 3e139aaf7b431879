import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../platform/db/client.js';
import type { JobLayer } from '../platform/jobs/job-layer.js';
import type { Task } from '../platform/jobs/task.js';

export interface HistoryPartitionOptions {
  now: Date;
  /** Months created ahead of the current one (default 2). */
  monthsAhead?: number;
  /** History older than this many months is removed. */
  retentionMonths: number;
}

export interface HistoryMaintenanceReport {
  created: string[];
  /** Rows moved out of the default partition into a new monthly one. */
  moved: number;
  dropped: string[];
  /** Rows older than the retention deleted from the default partition. */
  deletedFromDefault: number;
}

/** Serialises maintenance between instances sharing one PostgreSQL (any constant works). */
const MAINTENANCE_LOCK = 7_342_001;
const NAME = /^point_history_y(\d{4})m(\d{2})$/;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (d: Date) =>
  `point_history_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const literal = (d: Date) => `'${d.toISOString()}'`;

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

async function existingPartitions(executor: Executor): Promise<string[]> {
  const found = await rows<{ name: string }>(
    executor,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'point_history'::regclass`,
  );
  return found.map((r) => r.name).filter((name) => NAME.test(name));
}

/**
 * Monthly partitions of point_history (DESIGN 7) from last month to `monthsAhead` ahead, and the
 * retention: partitions entirely older than `retentionMonths` are dropped, older rows that landed
 * in the default partition deleted. Safe to run repeatedly and from several instances at once.
 */
export async function ensureHistoryPartitions(
  database: Database,
  options: HistoryPartitionOptions,
): Promise<HistoryMaintenanceReport> {
  const { now, retentionMonths } = options;
  const monthsAhead = options.monthsAhead ?? 2;
  const report: HistoryMaintenanceReport = { created: [], moved: 0, dropped: [], deletedFromDefault: 0 };
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();

  for (let k = -1; k <= monthsAhead; k += 1) {
    const from = monthStart(year, month + k);
    const to = monthStart(year, month + k + 1);
    const name = partitionName(from);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
      if ((await existingPartitions(tx)).includes(name)) return;
      const range = sql.raw(`${literal(from)} and ts < ${literal(to)}`);
      const [{ waiting } = { waiting: false }] = await rows<{ waiting: boolean }>(
        tx,
        sql`select exists (select 1 from point_history_default where ts >= ${range}) as waiting`,
      );
      const bounds = sql.raw(`for values from (${literal(from)}) to (${literal(to)})`);
      if (!waiting) {
        await tx.execute(sql`create table ${sql.identifier(name)} partition of point_history ${bounds}`);
      } else {
        // Rows of this month already sit in the default partition (a device clock far ahead, or
        // maintenance that did not run): creating the partition directly would fail, so build it
        // standalone, move the rows over and attach it, all in this one transaction.
        await tx.execute(
          sql`create table ${sql.identifier(name)} (like point_history including defaults including constraints)`,
        );
        const moved = await rows<{ n: number }>(
          tx,
          sql`with gone as (delete from point_history_default where ts >= ${range} returning *),
              put as (insert into ${sql.identifier(name)} select * from gone returning 1)
              select count(*)::int as n from put`,
        );
        report.moved += moved[0]?.n ?? 0;
        await tx.execute(sql`alter table point_history attach partition ${sql.identifier(name)} ${bounds}`);
      }
      report.created.push(name);
    });
  }

  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
    for (const name of await existingPartitions(tx)) {
      const [, y, m] = NAME.exec(name)!;
      const end = monthStart(Number(y), Number(m));
      if (end.getTime() <= cutoff.getTime()) {
        await tx.execute(sql`drop table ${sql.identifier(name)}`);
        report.dropped.push(name);
      }
    }
    const deleted = await rows<{ n: number }>(
      tx,
      sql`with gone as (delete from point_history_default where ts < ${sql.raw(literal(cutoff))} returning 1)
          select count(*)::int as n from gone`,
    );
    report.deletedFromDefault = deleted[0]?.n ?? 0;
    // The rollups of history follow its retention (they summarise data that is meant to be gone).
    for (const table of ['point_rollup_1m', 'point_rollup_15m']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where bucket < ${sql.raw(literal(cutoff))}`);
    }
  });
  return report;
}

export interface HistoryMaintenanceOptions {
  retentionMonths: number;
  monthsAhead?: number;
  now?: () => Date;
  /** Default every 6 hours. */
  intervalMs?: number;
}

/**
 * Partition maintenance as a leader tick of the job layer: once when this instance becomes the leader,
 * then every 6 hours with ANALYZE on PGlite. Failures are logged and retried at the next tick.
 */
export function scheduleHistoryMaintenance(
  jobs: JobLayer,
  database: Database,
  options: HistoryMaintenanceOptions,
  logger?: Logger,
): Task {
  const now = options.now ?? (() => new Date());
  return jobs.onLeader('history maintenance', options.intervalMs ?? 6 * 3600_000, async (reason) => {
    try {
      const report = await ensureHistoryPartitions(database, {
        now: now(),
        monthsAhead: options.monthsAhead,
        retentionMonths: options.retentionMonths,
      });
      if (report.created.length + report.dropped.length + report.deletedFromDefault > 0) {
        logger?.info(report, 'history partitions maintained');
      }
      // PGlite has no autovacuum: without statistics the planner scans large tables whole. Statistics
      // are kept on disk, so the first tick skips it (it would hold the one connection while the API starts).
      if (reason === 'interval' && database.kind === 'pglite') await database.db.execute(sql`analyze`);
    } catch (error) {
      logger?.error({ err: error }, 'history partition maintenance failed');
    }
  });
}
