import { and, asc, eq, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { jobQueue, jobSchedules } from './jobs.table.js';

export interface ScheduleRow {
  id: number;
  name: string;
  kind: string;
  cron: string;
  tz: string;
  payload: unknown;
}

export interface ScheduleDefinition {
  name: string;
  kind: string;
  cron: string;
  tz: string;
  payload?: unknown;
  enabled?: boolean;
}

/** All SQL of schedule rows (DESIGN 4). */
export function createSchedulesRepository(db: Executor) {
  return {
    async upsert(definition: ScheduleDefinition, nextRunAt: Date | null): Promise<void> {
      const values = {
        kind: definition.kind,
        cron: definition.cron,
        tz: definition.tz,
        payload: definition.payload ?? {},
        enabled: definition.enabled ?? true,
        nextRunAt,
      };
      await db
        .insert(jobSchedules)
        .values({ name: definition.name, ...values })
        .onConflictDoUpdate({ target: jobSchedules.name, set: values });
    },

    async remove(name: string): Promise<void> {
      await db.delete(jobSchedules).where(eq(jobSchedules.name, name));
    },

    async byName(name: string) {
      const [row] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
      return row;
    },

    /**
     * Runs `work` in one transaction with up to `limit` due schedules locked (SKIP LOCKED: a schedule
     * is taken by one caller only), so queuing its job and moving next_run_at commit together.
     */
    async withDue<T>(now: Date, limit: number, work: (due: ScheduleRow[], tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: jobSchedules.id,
            name: jobSchedules.name,
            kind: jobSchedules.kind,
            cron: jobSchedules.cron,
            tz: jobSchedules.tz,
            payload: jobSchedules.payload,
          })
          .from(jobSchedules)
          .where(and(eq(jobSchedules.enabled, true), lte(jobSchedules.nextRunAt, now)))
          .orderBy(asc(jobSchedules.nextRunAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        return work(due, tx);
      });
    },

    async recordRun(
      tx: Tx,
      id: number,
      at: Date,
      nextRunAt: Date | null,
      job: { kind: string; payload: unknown },
    ) {
      await tx.insert(jobQueue).values({ kind: job.kind, payload: job.payload ?? {}, runAt: at });
      await tx.update(jobSchedules).set({ lastRunAt: at, nextRunAt }).where(eq(jobSchedules.id, id));
    },
  };
}
