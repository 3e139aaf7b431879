import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jobHistory, jobQueue } from './jobs.table.js';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This run's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  payload?: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

export interface RunRecord {
  job: ClaimedJob;
  instanceId: string;
  startedAt: Date;
  finishedAt: Date;
  error: string;
}

/** All SQL of the durable job queue (DESIGN 4: SQL only in repositories). */
export function createJobQueueRepository(db: Executor) {
  /** Only the holder's lease counts: a job re-claimed after its lease ran out is no longer ours. */
  const heldBy = (id: number, instanceId: string) =>
    and(eq(jobQueue.id, id), eq(jobQueue.lockedBy, instanceId));

  return {
    async insert(jobs: readonly NewJob[], tx: Executor = db): Promise<number[]> {
      if (jobs.length === 0) return [];
      const rows = await tx
        .insert(jobQueue)
        .values(
          jobs.map((j) => ({
            kind: j.kind,
            payload: j.payload ?? {},
            ...(j.runAt ? { runAt: j.runAt } : {}),
            ...(j.maxAttempts ? { maxAttempts: j.maxAttempts } : {}),
          })),
        )
        .returning({ id: jobQueue.id });
      return rows.map((r) => r.id);
    },

    /**
     * Takes up to `limit` due jobs of the given kinds: free ones whose run_at has come, and held ones
     * whose lease ran out (the holder died). SKIP LOCKED: instances claiming at once never take the same row.
     */
    async claim(kinds: readonly string[], instanceId: string, now: Date, leaseUntil: Date, limit: number) {
      if (kinds.length === 0) return [];
      const due = db
        .select({ id: jobQueue.id })
        .from(jobQueue)
        .where(
          and(
            inArray(jobQueue.kind, [...kinds]),
            lte(jobQueue.runAt, now),
            or(isNull(jobQueue.lockedUntil), lte(jobQueue.lockedUntil, now)),
          ),
        )
        .orderBy(jobQueue.runAt, jobQueue.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(jobQueue)
        .set({ lockedBy: instanceId, lockedUntil: leaseUntil, attempts: sql`${jobQueue.attempts} + 1` })
        .where(inArray(jobQueue.id, due))
        .returning({
          id: jobQueue.id,
          kind: jobQueue.kind,
          payload: jobQueue.payload,
          attempts: jobQueue.attempts,
          maxAttempts: jobQueue.maxAttempts,
        });
      return rows.sort((a, b) => a.id - b.id) as ClaimedJob[];
    },

    /** Extends the lease; false when the job is no longer ours (re-claimed or deleted). */
    async heartbeat(id: number, instanceId: string, leaseUntil: Date): Promise<boolean> {
      const rows = await db
        .update(jobQueue)
        .set({ lockedUntil: leaseUntil })
        .where(heldBy(id, instanceId))
        .returning({ id: jobQueue.id });
      return rows.length > 0;
    },

    /** Done: the row leaves the queue and its run goes to the history, in one transaction. */
    async complete(run: RunRecord): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(jobQueue)
          .where(heldBy(run.job.id, run.instanceId))
          .returning({ id: jobQueue.id });
        if (gone.length > 0) await tx.insert(jobHistory).values(historyRow(run, 'done'));
      });
    },

    /** Failed: back to the queue at retryAt, or out of it when retryAt is null (gave up). */
    async fail(run: RunRecord, retryAt: Date | null): Promise<void> {
      await db.transaction(async (tx) => {
        const mine = heldBy(run.job.id, run.instanceId);
        const touched = retryAt
          ? await tx
              .update(jobQueue)
              .set({ runAt: retryAt, lockedBy: null, lockedUntil: null, lastError: run.error })
              .where(mine)
              .returning({ id: jobQueue.id })
          : await tx.delete(jobQueue).where(mine).returning({ id: jobQueue.id });
        if (touched.length > 0)
          await tx.insert(jobHistory).values(historyRow(run, retryAt ? 'retry' : 'failed'));
      });
    },

    /** Lets another instance take the job at once (this one is closing); the run is not counted. */
    async release(id: number, instanceId: string): Promise<void> {
      await db
        .update(jobQueue)
        .set({ lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobQueue.attempts} - 1, 0)` })
        .where(heldBy(id, instanceId));
    },

    /** Forgets runs that finished before `before`; answers how many. */
    async pruneHistory(before: Date): Promise<number> {
      const gone = await db
        .delete(jobHistory)
        .where(lt(jobHistory.finishedAt, before))
        .returning({ id: jobHistory.id });
      return gone.length;
    },

    async history(jobId: number) {
      return db.select().from(jobHistory).where(eq(jobHistory.jobId, jobId)).orderBy(jobHistory.id);
    },

    async find(id: number) {
      const [row] = await db.select().from(jobQueue).where(eq(jobQueue.id, id));
      return row;
    },
  };
}

function historyRow(run: RunRecord, status: 'done' | 'retry' | 'failed') {
  return {
    jobId: run.job.id,
    kind: run.job.kind,
    attempt: run.job.attempts,
    status,
    error: run.error,
    instanceId: run.instanceId,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export type JobQueueRepository = ReturnType<typeof createJobQueueRepository>;
