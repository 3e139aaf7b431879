/**
 * One background task of the job layer (a consumer pass, a leader tick): its work runs one piece at a
 * time in order, and kicks coalesce (at most one pass running and one waiting), so wakes during a
 * long pass cost nothing. The job layer owns the timers; features only hand in the work.
 */
export interface Task {
  readonly name: string;
  /** Runs `work` after everything queued before it; failures are logged and passed on. */
  run<T>(work: () => Promise<T>, what?: string): Promise<T>;
  /** Queues a pass unless one is already waiting (nothing after stop()). */
  kick(): void;
  /** No more kicks; settles when the queued work has finished. Long passes check `stopped`. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

export interface TaskLogger {
  warn(object: object, message: string): void;
  info?(object: object, message: string): void;
}

export function createTask(name: string, pass: () => Promise<unknown>, logger?: TaskLogger): Task {
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let stopped = false;

  function run<T>(work: () => Promise<T>, what = 'pass'): Promise<T> {
    queued += 1;
    const result = chain.then(work);
    chain = result
      .catch((error: unknown) => logger?.warn({ err: error }, `${name} ${what} failed`))
      .finally(() => {
        queued -= 1;
      });
    return result;
  }

  return {
    name,
    run,
    kick() {
      if (!stopped && queued < 2) run(pass).catch(() => undefined);
    },
    async stop() {
      stopped = true;
      await chain;
    },
    get stopped() {
      return stopped;
    },
  };
}
