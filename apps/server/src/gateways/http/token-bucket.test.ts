import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisTokenBuckets } from './redis-token-bucket.js';
import { createLocalTokenBuckets, type TokenBuckets } from './token-bucket.js';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: TokenBuckets[] = [];
afterAll(async () => {
  for (const buckets of opened) await buckets.close();
});

let now = Date.UTC(2026, 5, 1);
const options = { ratePerSecond: 20, now: () => now };

/**
 * Two "instances" of the HTTP ingest: with TEST_REDIS_URL two Redis-backed bucket sets on one key
 * space (scale-out), otherwise the embedded process's one in-memory set behind both.
 */
async function twoInstances(): Promise<[TokenBuckets, TokenBuckets]> {
  if (redisUrl) {
    const prefix = `test:${randomUUID()}:`;
    const a = await createRedisTokenBuckets(redisUrl, { ...options, prefix });
    const b = await createRedisTokenBuckets(redisUrl, { ...options, prefix });
    opened.push(a, b);
    return [a, b];
  }
  const one = createLocalTokenBuckets(options);
  opened.push(one);
  return [one, one];
}

describe(`ingest token buckets (${redisUrl ? 'Redis' : 'in process'})`, () => {
  it('gives a device one budget of 20 requests per second across instances', async () => {
    const [a, b] = await twoInstances();
    const taken: boolean[] = [];
    for (let i = 0; i < 22; i += 1) taken.push(await (i % 2 === 0 ? a : b).take('imei-1'));
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(taken.slice(20)).toEqual([false, false]);
    // Other devices have their own budget.
    expect(await b.take('imei-2')).toBe(true);
    // Tokens come back at the rate: 100 ms is two requests.
    now += 100;
    expect([await a.take('imei-1'), await b.take('imei-1'), await a.take('imei-1')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
