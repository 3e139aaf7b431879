const SECOND = 1000;

/** Delay before retry number `attempts` (1 = after the first failure): 5 s doubling, at most 10 min. */
export function retryDelayMs(attempts: number, baseMs = 5 * SECOND, maxMs = 600 * SECOND): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}
