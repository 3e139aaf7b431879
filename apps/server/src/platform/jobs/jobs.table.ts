import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { triggers } from '../../modules/triggers/triggers.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Durable jobs (DESIGN 11): any instance claims a due row with FOR UPDATE SKIP LOCKED and holds it
 * by a lease (`locked_until`, renewed by a heartbeat); a lease that runs out means the holder died and
 * the row is claimable again. Finished rows leave this table for job_history.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Runs started so far (a lease that ran out counts as one). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not claimable before this (first run, or the retry after a backoff). */
    runAt: at('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    lastError: text('last_error').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('job_queue_due_idx').on(t.runAt)],
);

/** One row per finished run of a job: done, retry (failed, will run again) or failed (gave up). */
export const jobHistory = pgTable(
  'job_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status').notNull(),
    error: text('error').notNull().default(''),
    instanceId: text('instance_id').notNull(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at').notNull(),
  },
  (t) => [index('job_history_job_idx').on(t.jobId), index('job_history_finished_idx').on(t.finishedAt)],
);

/**
 * Schedules as rows (DESIGN 11): a cron expression evaluated by croner in the owner's IANA zone; the
 * leader turns every row whose next_run_at has passed into a job of `kind` and computes the next run.
 */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Unique name (e.g. "report:12"), so a feature upserts its schedule idempotently. */
    name: text('name').notNull().unique(),
    kind: text('kind').notNull(),
    cron: text('cron').notNull(),
    tz: text('tz').notNull().default('UTC'),
    payload: jsonb('payload').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
  },
  (t) => [index('job_schedules_due_idx').on(t.nextRunAt)],
);

/**
 * Minimum-duration holds of the alarm engine: a trigger condition that holds but has not lasted
 * delay_s yet. Kept here so a restart (or another instance) raises the alarm when the delay is over.
 */
export const triggerHolds = pgTable('trigger_holds', {
  triggerId: integer('trigger_id')
    .primaryKey()
    .references(() => triggers.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').notNull(),
  since: at('since').notNull(),
  delayMs: integer('delay_ms').notNull(),
  value: doublePrecision('value'),
});
