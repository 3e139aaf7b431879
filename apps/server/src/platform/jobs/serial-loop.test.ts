import { describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../bus/event-bus.js';
import { createSerialLoop } from './serial-loop.js';

describe('serial loop', () => {
  it('runs work one at a time in order and coalesces kicks to one running and one waiting', async () => {
    let release: () => void = () => undefined;
    const order: string[] = [];
    let passes = 0;
    const loop = createSerialLoop({
      name: 'test',
      intervalMs: 3_600_000,
      pass: async () => {
        passes += 1;
        order.push(`pass ${passes}`);
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    loop.kick();
    loop.kick();
    loop.kick();
    loop.kick();
    const extra = loop.run(async () => order.push('extra'), 'extra');
    await vi.waitFor(() => expect(passes).toBe(1));
    release();
    await extra;
    await loop.stop();
    expect(order).toEqual(['pass 1', 'pass 2', 'extra']);
  });

  it('logs a failure, hands it to the caller, and goes on with the next work', async () => {
    const warn = vi.fn();
    const loop = createSerialLoop({
      name: 'test',
      intervalMs: 3_600_000,
      pass: async () => undefined,
      logger: { warn },
    });
    await expect(loop.run(() => Promise.reject(new Error('boom')), 'step')).rejects.toThrow('boom');
    await expect(loop.run(async () => 7, 'next')).resolves.toBe(7);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'test step failed',
    );
  });

  it('kicks on its bus channel once started, not after stop; run() still works after stop', async () => {
    const bus = createLocalBus();
    let passes = 0;
    const loop = createSerialLoop({
      name: 'test',
      intervalMs: 3_600_000,
      pass: async () => {
        passes += 1;
      },
      wake: { bus, channel: 'test.wake' },
    });
    bus.publish('test.wake', {});
    await loop.run(async () => undefined, 'settle');
    expect(passes).toBe(0);
    loop.start(); // one pass at start
    await vi.waitFor(() => expect(passes).toBe(1));
    bus.publish('test.wake', {});
    await vi.waitFor(() => expect(passes).toBe(2));
    await loop.stop();
    expect(loop.stopped).toBe(true);
    bus.publish('test.wake', {});
    loop.kick();
    await expect(loop.run(async () => 'by hand', 'manual')).resolves.toBe('by hand');
    expect(passes).toBe(2);
  });
});
