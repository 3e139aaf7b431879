/**
 * Runs `fn` at most once per `ms`: the first call runs at once, calls inside the window are merged
 * into one run at the end of the window (so the last event is never lost).
 */
export function createThrottle(fn: () => void, ms: number, now: () => number = Date.now) {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    lastRun = now();
    fn();
  };
  return {
    call() {
      if (timer) return;
      const wait = lastRun + ms - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
