export interface TokenBucketOptions {
  ratePerSecond: number;
  burst?: number;
  now: () => number;
}

/**
 * Per-key token buckets (HTTP ingest: 20 requests/s per device), one interface for both ways to run
 * (DESIGN 2): in this process's memory when embedded, in Redis when instances share the load
 * (redis-token-bucket.ts), so a device spreading requests over instances still gets its one budget.
 */
export interface TokenBuckets {
  /** Takes one token; false when the key has none left (the caller answers 429). */
  take(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The in-process buckets. Keys are authenticated devices only, so the map is bounded by the fleet;
 * idle full buckets are dropped now and then anyway.
 */
export function createLocalTokenBuckets(options: TokenBucketOptions): TokenBuckets {
  const { ratePerSecond, now } = options;
  const burst = options.burst ?? ratePerSecond;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastPrune = now();

  const prune = (t: number) => {
    if (t - lastPrune < 60_000) return;
    lastPrune = t;
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((t - bucket.at) / 1000) * ratePerSecond >= burst) buckets.delete(key);
    }
  };

  return {
    async take(key: string): Promise<boolean> {
      const t = now();
      prune(t);
      const bucket = buckets.get(key) ?? { tokens: burst, at: t };
      const refilled = Math.min(burst, bucket.tokens + (Math.max(0, t - bucket.at) / 1000) * ratePerSecond);
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, at: t });
        return false;
      }
      buckets.set(key, { tokens: refilled - 1, at: t });
      return true;
    },
    async close() {
      buckets.clear();
    },
  };
}
