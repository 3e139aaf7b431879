import type { Database } from '../db/client.js';
import { retryDelayMs } from './backoff.js';
import { type ClaimedJob, createJobQueueRepository, type NewJob } from './job-queue.repository.js';

const SECOND = 1000;
/** A claimed job's lease; the heartbeat renews it every third of it while the handler runs. */
export const JOB_LEASE_MS = 60 * SECOND;
const CLAIM_BATCH = 10;
/** Runs stay in job_history this long (30 days): enough to look into a failure, bounded on disk. */
export const HISTORY_KEEP_MS = 30 * 86_400_000;

/** What a handler gets: the job, and whether it still holds it (false once another instance re-claimed it). */
export interface JobContext {
  job: ClaimedJob;
  stillMine(): boolean;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** A failure that retrying cannot fix: the job fails at once, without the remaining attempts. */
export class PermanentJobError extends Error {}

export interface JobQueueDeps {
  database: Database;
  instanceId: string;
  clock: () => Date;
  logger?: { warn(object: object, message: string): void };
  leaseMs?: number;
  /** Delay before retry n (default retryDelayMs). */
  backoff?: (attempts: number) => number;
}

export interface JobQueue {
  /** Declares how jobs of `kind` run on this instance (only declared kinds are claimed here). */
  define(kind: string, handler: JobHandler): void;
  /** Queues jobs; returns their ids. The caller wakes the consumers (JobLayer.enqueue does). */
  insert(jobs: readonly NewJob[]): Promise<number[]>;
  /** Claims and runs due jobs until none is left (or the queue is stopping); answers how many ran. */
  runDue(): Promise<number>;
  /** Deletes job_history rows older than HISTORY_KEEP_MS (a leader tick). */
  pruneHistory(): Promise<number>;
  /** Stops claiming; a job under way finishes (its handler sees nothing) before runDue settles. */
  stop(): void;
}

/**
 * The durable job queue (DESIGN 11) over our own tables: any instance claims a job (SKIP LOCKED), holds
 * it by a renewed lease, retries a failure with exponential backoff up to max_attempts, and writes each
 * finished run to job_history. A job whose holder died is claimed again once its lease runs out, and
 * never runs twice at once while a lease is alive.
 */
export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const repo = createJobQueueRepository(deps.database.db);
  const handlers = new Map<string, JobHandler>();
  const leaseMs = deps.leaseMs ?? JOB_LEASE_MS;
  const backoff = deps.backoff ?? retryDelayMs;
  let stopped = false;
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  async function runOne(job: ClaimedJob): Promise<void> {
    const startedAt = deps.clock();
    let mine = true;
    const beat = setInterval(() => {
      repo.heartbeat(job.id, deps.instanceId, leaseFrom(deps.clock())).then(
        (held) => {
          if (!held) mine = false;
        },
        () => undefined,
      );
    }, leaseMs / 3);
    beat.unref();
    const record = (error: string) => ({
      job,
      instanceId: deps.instanceId,
      startedAt,
      finishedAt: deps.clock(),
      error,
    });
    try {
      const handler = handlers.get(job.kind);
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(job.payload, { job, stillMine: () => mine });
      await repo.complete(record(''));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryAt = permanent ? null : new Date(deps.clock().getTime() + backoff(job.attempts));
      if (permanent) deps.logger?.warn({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await repo.fail(record(message), retryAt);
    } finally {
      clearInterval(beat);
    }
  }

  return {
    define(kind, handler) {
      handlers.set(kind, handler);
    },
    insert: (jobs) => repo.insert(jobs.map((j) => ({ ...j, runAt: j.runAt ?? deps.clock() }))),
    async runDue() {
      let ran = 0;
      while (!stopped) {
        const now = deps.clock();
        const claimed = await repo.claim(
          [...handlers.keys()],
          deps.instanceId,
          now,
          leaseFrom(now),
          CLAIM_BATCH,
        );
        for (const [index, job] of claimed.entries()) {
          if (stopped) {
            // Closing: hand the rest back at once instead of making another instance wait for the lease.
            for (const left of claimed.slice(index)) await repo.release(left.id, deps.instanceId);
            return ran;
          }
          await runOne(job);
          ran += 1;
        }
        if (claimed.length < CLAIM_BATCH) return ran;
      }
      return ran;
    },
    pruneHistory: () => repo.pruneHistory(new Date(deps.clock().getTime() - HISTORY_KEEP_MS)),
    stop() {
      stopped = true;
    },
  };
}
