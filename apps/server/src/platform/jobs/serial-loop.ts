import type { EventBus } from '../bus/event-bus.js';

/**
 * The loop of a background worker (notices, exports, report schedules): work runs one piece at a time in
 * order; a timer and an optional bus channel "kick" a pass, and kicks coalesce (at most one pass running
 * and one waiting), so wakes during a long pass cost nothing.
 */
export interface SerialLoop {
  /**
   * Runs `work` after everything queued before it; failures are logged and passed on. Also after stop()
   * (tests drive a stopped worker by hand); long passes check `stopped` themselves.
   */
  run<T>(work: () => Promise<T>, what: string): Promise<T>;
  /** Queues a pass unless one is already waiting. */
  kick(): void;
  /** Starts the timers and the wake subscription, and kicks once. */
  start(): void;
  /** Stops the timers and waits for the queued work. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

export interface SerialLoopOptions {
  /** Names the worker in log lines. */
  name: string;
  pass: () => Promise<unknown>;
  intervalMs: number;
  wake?: { bus: EventBus; channel: string };
  /** Other periodic work on the same loop (e.g. a sweep), run once at start too. */
  every?: { ms: number; work: () => Promise<unknown>; what: string }[];
  logger?: { warn(object: object, message: string): void };
}

export function createSerialLoop(options: SerialLoopOptions): SerialLoop {
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;

  function run<T>(work: () => Promise<T>, what: string): Promise<T> {
    queued += 1;
    const result = chain.then(work);
    chain = result
      .catch((error: unknown) => options.logger?.warn({ err: error }, `${options.name} ${what} failed`))
      .finally(() => {
        queued -= 1;
      });
    return result;
  }

  const kick = () => {
    if (!stopped && queued < 2) run(options.pass, 'pass').catch(() => undefined);
  };

  return {
    run,
    kick,
    start() {
      if (stopped || timers.length > 0) return;
      timers.push(setInterval(kick, options.intervalMs));
      for (const job of options.every ?? []) {
        const runJob = () => void run(job.work, job.what).catch(() => undefined);
        timers.push(setInterval(runJob, job.ms));
        runJob();
      }
      for (const timer of timers) timer.unref();
      if (options.wake) unsubscribe = options.wake.bus.subscribe(options.wake.channel, kick);
      kick();
    },
    async stop() {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      unsubscribe?.();
      unsubscribe = null;
      await chain;
    },
    get stopped() {
      return stopped;
    },
  };
}
