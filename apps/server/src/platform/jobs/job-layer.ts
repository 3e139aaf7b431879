import type { EventBus } from '../bus/event-bus.js';
import type { Database } from '../db/client.js';
import { createJobQueue, type JobHandler, type JobQueue } from './job-queue.js';
import type { NewJob } from './job-queue.repository.js';
import type { Leader } from './leader.js';
import { createSchedules, type Schedules } from './schedules.js';
import { createTask, type Task, type TaskLogger } from './task.js';

/*
 * Why not pg-boss (DESIGN 11 names it the first choice): pg-boss creates and migrates its own schema at
 * start (outside our one set of drizzle migrations), keeps its own timers per instance (maintenance,
 * monitoring, cron) with no notion of our leader, and polls with SQL that expects a pool of connections.
 * PGlite is one connection inside this process that the API and the pipeline already share, so pg-boss
 * could not run there unchanged; one code path for both databases matters more than its features, so
 * this is a small layer over our own tables (job_queue, job_history, job_schedules; migration 0007).
 */

/** Bus channel: a durable job was queued; every instance's consumer looks for work now. */
export const JOBS_WAKE = 'jobs.wake';
const SECOND = 1000;
const JOB_PASS_MS = 5 * SECOND;
const SCHEDULE_TICK_MS = 15 * SECOND;
const HISTORY_PRUNE_MS = 3600 * SECOND;

/** Why a leader tick runs: the first one after this instance became the leader, or its interval. */
export type TickReason = 'leader' | 'interval';

export interface ConsumerOptions {
  /** One pass over the work (claims until nothing is due). */
  pass: () => Promise<unknown>;
  intervalMs: number;
  /** A bus channel whose messages ask for a pass now (work was queued somewhere). */
  wake?: string;
}

export interface JobLayer {
  leader: Leader;
  schedules: Schedules;
  /** Periodic work of the leader only (rollups, schedule checks, maintenance, sweeps). */
  onLeader(name: string, intervalMs: number, work: (reason: TickReason) => Promise<unknown>): Task;
  /** A consumer every instance runs (claims with SKIP LOCKED, so instances share the work). */
  onEveryInstance(name: string, options: ConsumerOptions): Task;
  /** Declares the handler of durable jobs of `kind` (see JobQueue). */
  define(kind: string, handler: JobHandler): void;
  /** Queues durable jobs and wakes the consumers of every instance. */
  enqueue(jobs: readonly NewJob[]): Promise<number[]>;
  /** Elects, arms the timers of everything registered (and of what registers later). Idempotent. */
  start(): void;
  /** Stops every timer and task, waits for work under way, and gives up leadership. */
  stop(): Promise<void>;
}

export interface JobLayerDeps {
  database: Database;
  bus: EventBus;
  leader: Leader;
  instanceId: string;
  clock: () => Date;
  logger?: TaskLogger;
}

interface Registration {
  name: string;
  task: Task;
  intervalMs: number;
  leaderOnly: boolean;
  wake?: string;
  kickFirst: () => void;
  disarm?: () => void;
}

export function createJobLayer(deps: JobLayerDeps): JobLayer {
  const { leader, bus } = deps;
  const registrations = new Set<Registration>();
  const queue: JobQueue = createJobQueue(deps);
  const schedules = createSchedules(deps.database);
  let started = false;
  let stopped = false;

  function arm(r: Registration): void {
    const kick = () => {
      if (!r.leaderOnly || leader.isLeader()) r.task.kick();
    };
    const timer = setInterval(kick, r.intervalMs);
    timer.unref();
    const unsubscribe = r.wake ? bus.subscribe(r.wake, kick) : undefined;
    r.disarm = () => {
      clearInterval(timer);
      unsubscribe?.();
    };
    if (!r.leaderOnly || leader.isLeader()) r.kickFirst();
  }

  function register(r: Registration): Task {
    registrations.add(r);
    if (started && !stopped) arm(r);
    const stop = r.task.stop;
    // Stopping a task (its feature is closing) also takes it off the timers.
    return Object.assign(Object.create(r.task) as Task, {
      stop: async () => {
        r.disarm?.();
        registrations.delete(r);
        await stop();
      },
    });
  }

  const layer: JobLayer = {
    leader,
    schedules,
    onLeader(name, intervalMs, work) {
      const task = createTask(name, () => work('interval'), deps.logger);
      const kickFirst = () => void task.run(() => work('leader')).catch(() => undefined);
      return register({ name, task, intervalMs, leaderOnly: true, kickFirst });
    },
    onEveryInstance(name, options) {
      const task = createTask(name, options.pass, deps.logger);
      return register({
        name,
        task,
        intervalMs: options.intervalMs,
        leaderOnly: false,
        wake: options.wake,
        kickFirst: task.kick,
      });
    },
    define: (kind, handler) => queue.define(kind, handler),
    async enqueue(jobs) {
      const ids = await queue.insert(jobs);
      if (ids.length > 0) bus.publish(JOBS_WAKE, {});
      return ids;
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const r of registrations) arm(r);
      leader.start();
    },
    async stop() {
      stopped = true;
      queue.stop();
      for (const r of [...registrations]) r.disarm?.();
      await Promise.all([...registrations].map((r) => r.task.stop()));
      registrations.clear();
      unlisten();
      await leader.stop();
    },
  };

  // The first tick of every leader task runs as soon as this instance wins the election.
  const unlisten = leader.onChange((isLeader) => {
    if (!isLeader || !started || stopped) return;
    const tasks = [...registrations].filter((r) => r.leaderOnly);
    // One line an operator (and the scale-out suite) can follow when leadership moves.
    deps.logger?.info?.({ tasks: tasks.map((r) => r.name) }, 'leader tasks running');
    for (const r of tasks) r.kickFirst();
  });

  // Durable jobs: every instance claims; the schedules become jobs on the leader.
  layer.onEveryInstance('jobs', { pass: () => queue.runDue(), intervalMs: JOB_PASS_MS, wake: JOBS_WAKE });
  layer.onLeader('schedules', SCHEDULE_TICK_MS, async () => {
    if ((await schedules.queueDue(deps.clock())) > 0) bus.publish(JOBS_WAKE, {});
  });
  layer.onLeader('job history prune', HISTORY_PRUNE_MS, () => queue.pruneHistory());
  return layer;
}
