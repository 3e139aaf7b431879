import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test-support/database.js';
import { createLocalBus } from '../bus/event-bus.js';
import type { Database } from '../db/client.js';
import { createJobLayer, type TickReason } from './job-layer.js';
import type { Leader } from './leader.js';

let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fleet-job-layer-'));
  database = await createTestDatabase(dataDir);
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A leader whose election the test decides (the Leader interface, no database). */
function handLeader(): Leader & { set(value: boolean): void } {
  const listeners = new Set<(leader: boolean) => void>();
  let leader = false;
  return {
    isLeader: () => leader,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: () => undefined,
    stop: async () => undefined,
    set(value) {
      leader = value;
      for (const listener of listeners) listener(value);
    },
  };
}

describe('job layer', () => {
  it('runs leader ticks only on the leader, first when it wins, and never after stop', async () => {
    const leader = handLeader();
    const layer = createJobLayer({
      database,
      bus: createLocalBus(),
      leader,
      instanceId: 'a',
      clock: () => new Date(),
    });
    const ticks: TickReason[] = [];
    layer.onLeader('test tick', 3_600_000, async (reason) => void ticks.push(reason));
    layer.start();
    // A follower runs no leader tick.
    expect(ticks).toEqual([]);
    leader.set(true);
    await vi.waitFor(() => expect(ticks).toEqual(['leader']));
    await layer.stop();
    leader.set(true);
    expect(ticks).toEqual(['leader']);
  });

  it('runs a durable job on an instance woken by enqueue, leader or not', async () => {
    const bus = createLocalBus();
    const layer = createJobLayer({
      database,
      bus,
      leader: handLeader(),
      instanceId: 'b',
      clock: () => new Date(),
    });
    const seen: unknown[] = [];
    layer.define('layer.test', async (payload) => void seen.push(payload));
    layer.start();
    await layer.enqueue([{ kind: 'layer.test', payload: { n: 1 } }]);
    await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), { timeout: 5000 });
    await layer.stop();
  });

  it('a consumer registered after start is armed at once and disarmed by its own stop', async () => {
    const bus = createLocalBus();
    const layer = createJobLayer({
      database,
      bus,
      leader: handLeader(),
      instanceId: 'c',
      clock: () => new Date(),
    });
    layer.start();
    let passes = 0;
    const consumer = layer.onEveryInstance('late consumer', {
      pass: async () => {
        passes += 1;
      },
      intervalMs: 3_600_000,
      wake: 'test.wake',
    });
    await vi.waitFor(() => expect(passes).toBe(1));
    bus.publish('test.wake', {});
    await vi.waitFor(() => expect(passes).toBe(2));
    await consumer.stop();
    bus.publish('test.wake', {});
    await consumer.run(async () => undefined);
    expect(passes).toBe(2);
    await layer.stop();
  });
});
