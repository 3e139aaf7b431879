import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from './event-bus.js';
import { createRedisBus } from './redis-bus.js';

const url = process.env.TEST_REDIS_URL;
const opened: EventBus[] = [];
afterAll(async () => {
  for (const bus of opened) await bus.close();
});

async function pair() {
  const prefix = `test:${randomUUID()}:`;
  const a = await createRedisBus(url!, { prefix });
  const b = await createRedisBus(url!, { prefix });
  opened.push(a, b);
  return { a, b };
}

/** Resolves once `check` holds; subscriptions are confirmed by Redis asynchronously. */
async function eventually(check: () => boolean, timeoutMs = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('redis bus', () => {
  it.skipIf(!url)('delivers each message once to every instance, the publishing one included', async () => {
    const { a, b } = await pair();
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.subscribe('device.changed', (m) => gotA.push(m));
    b.subscribe('device.changed', (m) => gotB.push(m));
    // Wait until both subscriptions are live: probe until each side sees one message.
    await eventually(() => {
      a.publish('device.changed', { probe: true });
      return gotA.length > 0 && gotB.length > 0;
    });
    gotA.length = 0;
    gotB.length = 0;
    a.publish('device.changed', { deviceId: 7, kind: 'config' });
    b.publish('device.changed', { deviceId: 8, kind: 'deleted' });
    await eventually(() => gotA.length >= 2 && gotB.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const real = (list: unknown[]) => list.filter((m) => !(m as { probe?: boolean }).probe);
    expect(real(gotA)).toEqual([
      { deviceId: 7, kind: 'config' },
      { deviceId: 8, kind: 'deleted' },
    ]);
    expect(real(gotB)).toEqual(real(gotA));
  });

  it.skipIf(!url)('isolates channels, survives a throwing handler and stops after unsubscribe', async () => {
    const { a, b } = await pair();
    const got: unknown[] = [];
    b.subscribe('one', () => {
      throw new Error('broken handler');
    });
    const off = b.subscribe('one', (m) => got.push(m));
    const other: unknown[] = [];
    b.subscribe('two', (m) => other.push(m));
    await eventually(() => {
      a.publish('one', 'probe');
      return got.length > 0;
    });
    off();
    got.length = 0;
    a.publish('one', 'after');
    a.publish('two', 'second');
    await eventually(() => other.length > 0);
    expect(got).toEqual([]);
    expect(other).toEqual(['second']);
  });

  it.skipIf(!url)('close() quits both connections and later publishes are ignored', async () => {
    const { a } = await pair();
    await a.close();
    expect(() => a.publish('one', 'x')).not.toThrow();
  });
});
