import type { FastifyInstance } from 'fastify';
import { BUS, type EventBus } from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/client.js';
import { createSerialLoop } from '../../platform/jobs/serial-loop.js';
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
}

export interface ReportScheduler {
  /** Ticks at start and every 30 s. */
  start(): void;
  /** One pass at `now`: queues the exports of due schedules, then e-mails the finished ones. */
  tick(now?: Date): Promise<{ queued: number; delivered: number }>;
  stop(): Promise<void>;
}

/**
 * The report scheduler (docs/api-datacenter.md "Scheduled reports"). Every instance runs one; a due
 * schedule is taken by one of them (FOR UPDATE SKIP LOCKED), its export queued for the exports workers
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

  const loop = createSerialLoop({
    name: 'report scheduler',
    pass: () => pass(deps.clock()),
    intervalMs: deps.intervalMs ?? TICK_MS,
    logger: deps.logger,
  });

  return {
    start: loop.start,
    tick: (at?: Date) => loop.run(() => pass(at ?? deps.clock()), 'tick'),
    stop: loop.stop,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The report scheduler of this instance (tests drive it with tick(now)). */
    reportScheduler: ReportScheduler;
  }
}

/** Runs the scheduler with the app, once start-up work (migrations) is done, like the notice worker. */
export function registerReportScheduler(
  app: FastifyInstance,
  deps: Omit<ReportSchedulerDeps, 'logger'> & { ready?: Promise<unknown> },
): ReportScheduler {
  const { ready, ...schedulerDeps } = deps;
  const scheduler = createReportScheduler({ ...schedulerDeps, logger: app.log });
  app.decorate('reportScheduler', scheduler);
  app.addHook('onReady', async () => {
    Promise.resolve(ready).then(
      () => scheduler.start(),
      () => undefined,
    );
  });
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}
