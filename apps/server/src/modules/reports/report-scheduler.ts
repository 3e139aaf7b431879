import type { FastifyInstance } from 'fastify';
import { BUS, type EventBus } from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/client.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import { createTask } from '../../platform/jobs/task.js';
import { EXPORT_WAKE } from '../exports/export-worker.js';
import { lastCompletePeriod, nextRunAt, reportExport } from './schedule-runs.js';
import { createSchedulesRepository } from './schedules.repository.js';

const TICK_MS = 30_000;
/** Schedules taken per transaction (a tick loops until fewer are due). */
const BATCH = 20;

export interface ReportSchedulerDeps {
  database: Database;
  bus: EventBus;
  clock: () => Date;
  logger?: { warn(object: object, message: string): void };
  intervalMs?: number;
  /** The job layer whose leader ticks the scheduler; without it only tick() runs it. */
  jobs?: JobLayer;
}

export interface ReportScheduler {
  /** One pass at `now`: queues the exports of due schedules, then e-mails the finished ones. */
  tick(now?: Date): Promise<{ queued: number; delivered: number }>;
  stop(): Promise<void>;
}

/**
 * The report scheduler (docs/api-datacenter.md "Scheduled reports"): a tick of the job layer's leader
 * (every 30 s). A due schedule is still taken with FOR UPDATE SKIP LOCKED (two leaders overlap for a
 * moment during a hand-over, and tests tick by hand), its export queued for the exports workers
 * and its next run set in the same transaction. A later tick writes one e-mail per contact into the
 * notice outbox once that export is done (or records the failure in last_error).
 */
export function createReportScheduler(deps: ReportSchedulerDeps): ReportScheduler {
  const repo = createSchedulesRepository(deps.database.db);

  async function queueDue(now: Date): Promise<number> {
    let queued = 0;
    for (;;) {
      const taken = await repo.withDue(now, BATCH, async (due, tx) => {
        for (const s of due) {
          const job = await repo.insertExport(reportExport(s, lastCompletePeriod(s, now), now), tx);
          await repo.recordRun(s.id, { exportId: job.id, at: now, nextRunAt: nextRunAt(s, now) }, tx);
        }
        return due.length;
      });
      queued += taken;
      if (taken < BATCH) return queued;
    }
  }

  async function deliver(now: Date): Promise<number> {
    let written = 0;
    for (;;) {
      const taken = await repo.withPendingDeliveries(BATCH, async (pending, tx) => {
        for (const p of pending) {
          if (p.status !== 'done') {
            const why = p.status === 'expired' ? 'the export expired' : p.error || 'unknown error';
            await repo.setError(p.scheduleId, `export failed: ${why}`, tx);
            continue;
          }
          const contactIds = await repo.mailableContacts(p.contactIds, tx);
          if (contactIds.length === 0) {
            await repo.setError(p.scheduleId, 'no contact with an e-mail address', tx);
            continue;
          }
          written += await repo.queueEmails(p.exportId, contactIds, now, tx);
        }
        return pending.length;
      });
      if (taken < BATCH) return written;
    }
  }

  async function pass(now: Date): Promise<{ queued: number; delivered: number }> {
    const queued = await queueDue(now);
    if (queued > 0) deps.bus.publish(EXPORT_WAKE, {});
    const delivered = await deliver(now);
    if (delivered > 0) deps.bus.publish(BUS.noticeWake, {});
    return { queued, delivered };
  }

  const task = deps.jobs
    ? deps.jobs.onLeader('report scheduler', deps.intervalMs ?? TICK_MS, () => pass(deps.clock()))
    : createTask('report scheduler', () => pass(deps.clock()), deps.logger);

  return {
    tick: (at?: Date) => task.run(() => pass(at ?? deps.clock()), 'tick'),
    stop: () => task.stop(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The report scheduler of this instance (tests drive it with tick(now)). */
    reportScheduler: ReportScheduler;
  }
}

/** Runs the scheduler with the app on its job layer (the leader ticks it), like the notice worker. */
export function registerReportScheduler(
  app: FastifyInstance,
  deps: Omit<ReportSchedulerDeps, 'logger'>,
): ReportScheduler {
  const scheduler = createReportScheduler({ ...deps, logger: app.log });
  app.decorate('reportScheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}
