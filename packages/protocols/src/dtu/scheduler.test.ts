import { describe, expect, it } from 'vitest';
import { ManualScheduler, systemScheduler } from './scheduler.js';

describe('ManualScheduler', () => {
  it('runs due timers in order and sets the clock to each', () => {
    const s = new ManualScheduler(1000);
    const log: string[] = [];
    s.setTimeout(() => log.push(`b@${s.now()}`), 20);
    s.setTimeout(() => log.push(`a@${s.now()}`), 10);
    const c = s.setTimeout(() => log.push('c'), 15);
    s.clearTimeout(c);
    s.advance(9);
    expect(log).toEqual([]);
    s.advance(30);
    expect(log).toEqual(['a@1010', 'b@1020']);
    expect(s.now()).toBe(1039);
    expect(s.pending).toBe(0);
  });
  it('runs timers scheduled by timers within the same advance', () => {
    const s = new ManualScheduler();
    const log: number[] = [];
    s.setTimeout(() => {
      log.push(s.now());
      s.setTimeout(() => log.push(s.now()), 5);
    }, 5);
    s.advance(10);
    expect(log).toEqual([5, 10]);
  });
  it('system scheduler wraps the real clock', () => {
    expect(Math.abs(systemScheduler.now() - Date.now())).toBeLessThan(1000);
    const h = systemScheduler.setTimeout(() => {}, 10_000);
    systemScheduler.clearTimeout(h);
  });
});
