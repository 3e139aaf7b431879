import type { Logger } from 'pino';
import type { Database } from '../platform/db/client.js';
import type { JobLayer } from '../platform/jobs/job-layer.js';
import type { Task } from '../platform/jobs/task.js';
import { PARTITION_NAME, historyPartitionsRepository as repo } from './history-partitions.repository.js';

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

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (d: Date) =>
  `point_history_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

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
      await repo.lock(tx);
      if ((await repo.monthlyPartitions(tx)).includes(name)) return;
      await repo.holdWrites(tx);
      if (!(await repo.defaultHasRows(tx, from, to))) {
        await repo.createPartition(tx, name, from, to);
      } else {
        // Rows of this month already sit in the default partition (a device clock far ahead, or
        // maintenance that did not run): move them into the new partition in this one transaction.
        report.moved += await repo.createFromDefault(tx, name, from, to);
      }
      report.created.push(name);
    });
  }

  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  await database.db.transaction(async (tx) => {
    await repo.lock(tx);
    for (const name of await repo.monthlyPartitions(tx)) {
      const [, y, m] = PARTITION_NAME.exec(name)!;
      const end = monthStart(Number(y), Number(m));
      if (end.getTime() <= cutoff.getTime()) {
        await repo.dropPartition(tx, name);
        report.dropped.push(name);
      }
    }
    report.deletedFromDefault = await repo.deleteBefore(tx, cutoff);
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
      if (reason === 'interval' && database.kind === 'pglite') await repo.analyze(database.db);
    } catch (error) {
      logger?.error({ err: error }, 'history partition maintenance failed');
    }
  });
}
