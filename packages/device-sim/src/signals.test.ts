import { describe, expect, it } from 'vitest';
import { createRandom, createSignal, type SignalSpec, seedOf } from './signals.js';

const run = (spec: SignalSpec, seed: number, n = 500, stepMs = 1000) => {
  const s = createSignal(spec, seed);
  const out: number[] = [s.value];
  for (let i = 1; i <= n; i++) out.push(s.tick(i * stepMs));
  return out;
};

describe('signals', () => {
  it('the PRNG is deterministic and uniform in [0, 1)', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createRandom(43)()).not.toBe(xs[0]);
    expect(seedOf('866123456789012:temp')).toBe(seedOf('866123456789012:temp'));
  });

  it('is deterministic for a given seed', () => {
    const spec: SignalSpec = { kind: 'walk', min: 10, max: 30, decimals: 1 };
    expect(run(spec, 7)).toEqual(run(spec, 7));
    expect(run(spec, 7)).not.toEqual(run(spec, 8));
  });

  it('walk and sine stay within [min, max]', () => {
    for (let seed = 1; seed < 20; seed++) {
      const walk = run({ kind: 'walk', min: -5, max: 5, step: 3 }, seed);
      expect(Math.min(...walk)).toBeGreaterThanOrEqual(-5);
      expect(Math.max(...walk)).toBeLessThanOrEqual(5);
      const sine = run({ kind: 'sine', min: 0, max: 100, periodMs: 60_000, noise: 20, decimals: 2 }, seed);
      expect(Math.min(...sine)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...sine)).toBeLessThanOrEqual(100);
    }
    const sine = run({ kind: 'sine', min: 0, max: 100, periodMs: 60_000 }, 1);
    expect(Math.max(...sine) - Math.min(...sine)).toBeGreaterThan(90); // it really moves
  });

  it('counters never decrease and grow at about the rate', () => {
    const c = run({ kind: 'counter', start: 1000, ratePerSecond: 2, decimals: 3 }, 3, 1000);
    for (let i = 1; i < c.length; i++) expect(c[i]!).toBeGreaterThanOrEqual(c[i - 1]!);
    expect(c.at(-1)! - 1000).toBeGreaterThan(1000);
    expect(c.at(-1)! - 1000).toBeLessThan(3000);
  });

  it('time going backwards changes nothing', () => {
    const s = createSignal({ kind: 'counter', ratePerSecond: 1 }, 1);
    s.tick(10_000);
    const v = s.tick(20_000);
    expect(s.tick(15_000)).toBe(v);
    expect(s.tick(20_000)).toBe(v);
  });

  it('step flips rarely between its two values', () => {
    const v = run({ kind: 'step', values: [0, 1], flipProbability: 0.02 }, 5, 2000);
    expect(v.every((x) => x === 0 || x === 1)).toBe(true);
    let flips = 0;
    for (let i = 1; i < v.length; i++) if (v[i] !== v[i - 1]) flips++;
    expect(flips).toBeGreaterThan(5);
    expect(flips).toBeLessThan(200);
  });

  it('rejects impossible specs', () => {
    expect(() => createSignal({ kind: 'walk', min: 5, max: 1 }, 1)).toThrow(RangeError);
    expect(() => createSignal({ kind: 'sine', min: 0, max: 1, periodMs: 0 }, 1)).toThrow(RangeError);
    expect(createSignal({ kind: 'constant', value: 3 }, 1).tick(5)).toBe(3);
  });
});
