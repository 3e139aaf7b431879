import { Redis } from 'ioredis';
import { createLocalTokenBuckets, type TokenBucketOptions, type TokenBuckets } from './token-bucket.js';

/**
 * Refill and take in one atomic step on the Redis server, so concurrent instances never both spend
 * the last token. The bucket expires once it would be full again (nothing to remember).
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(stored[1]) or burst
local at = tonumber(stored[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return taken
`;

export interface RedisTokenBucketOptions extends TokenBucketOptions {
  /** Key prefix, so several platforms (or tests) can share one Redis. */
  prefix?: string;
  onError?: (error: unknown) => void;
}

/** Token buckets shared by every instance through Redis (scale-out, REDIS_URL). */
export async function createRedisTokenBuckets(
  url: string,
  options: RedisTokenBucketOptions,
): Promise<TokenBuckets> {
  const prefix = options.prefix ?? 'fleet:bucket:';
  const burst = options.burst ?? options.ratePerSecond;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // Connection errors are retried by ioredis; without a listener they would be thrown as unhandled.
  redis.on('error', (error) => options.onError?.(error));
  await redis.connect();
  // While Redis is unreachable each instance limits on its own rather than refusing every device.
  const fallback = createLocalTokenBuckets(options);
  return {
    async take(key) {
      try {
        const taken = await redis.eval(
          TAKE,
          1,
          `${prefix}${key}`,
          options.ratePerSecond,
          burst,
          options.now(),
        );
        return taken === 1;
      } catch (error) {
        options.onError?.(error);
        return fallback.take(key);
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
