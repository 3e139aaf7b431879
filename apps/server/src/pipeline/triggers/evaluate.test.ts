import { describe, expect, it } from 'vitest';
import { fireCodeOf, isActive, isClear, isInert, isStale, type LimitRule } from './evaluate.js';

const rule = (optype: number, lolmt: number | null, uplmt: number | null, deadband = 0): LimitRule => ({
  optype,
  lolmt,
  uplmt,
  deadband,
});

/** [value, active, clear] rows for one rule. */
type Row = [number, boolean, boolean];
function check(r: LimitRule, rows: Row[]) {
  for (const [v, active, clear] of rows) {
    expect({ v, active: isActive(r, v), clear: isClear(r, v) }).toEqual({ v, active, clear });
  }
}

describe('isActive / isClear', () => {
  it('1 >: alarms above L, clears at or below L - d', () => {
    check(rule(1, null, 80, 5), [
      [80.001, true, false],
      [80, false, false],
      [75.5, false, false],
      [75, false, true],
      [-1, false, true],
    ]);
  });

  it('2 >=: alarms at L, clears below L - d', () => {
    check(rule(2, null, 80, 5), [
      [80, true, false],
      [79.9, false, false],
      [75, false, false],
      [74.99, false, true],
    ]);
  });

  it('3 <: alarms below L, clears at or above L + d', () => {
    check(rule(3, 10, null, 2), [
      [9.99, true, false],
      [10, false, false],
      [11.9, false, false],
      [12, false, true],
    ]);
  });

  it('4 <=: alarms at L, clears above L + d', () => {
    check(rule(4, 10, null, 2), [
      [10, true, false],
      [10.5, false, false],
      [12, false, false],
      [12.01, false, true],
    ]);
  });

  it('5 =: alarms at L exactly, clears farther than d', () => {
    check(rule(5, null, 1, 0.5), [
      [1, true, false],
      [1.5, false, false],
      [0.5, false, false],
      [1.51, false, true],
      [0.49, false, true],
    ]);
    // d = 0: any other value clears.
    check(rule(5, null, 1), [
      [1, true, false],
      [1.0001, false, true],
    ]);
  });

  it('6 inside range: alarms within [lo, up], clears outside by d', () => {
    check(rule(6, 10, 20, 1), [
      [10, true, false],
      [20, true, false],
      [15, true, false],
      [9.99, false, false],
      [9, false, false],
      [8.99, false, true],
      [21, false, false],
      [21.01, false, true],
    ]);
  });

  it('7 outside range: alarms outside [lo, up], clears within [lo + d, up - d]', () => {
    check(rule(7, 10, 20, 1), [
      [9.99, true, false],
      [20.01, true, false],
      [10, false, false],
      [10.99, false, false],
      [11, false, true],
      [19, false, true],
      [19.01, false, false],
    ]);
  });

  it('equal limits: 6 alarms only at lo, 7 everywhere else and clears only at lo', () => {
    check(rule(6, 5, 5), [
      [5, true, false],
      [5.01, false, true],
      [4.99, false, true],
    ]);
    check(rule(7, 5, 5), [
      [5, false, true],
      [5.01, true, false],
      [4.99, true, false],
    ]);
  });

  it('single-limit fallbacks: 1, 2, 5 use up ?? lo; 3, 4 use lo ?? up', () => {
    expect(isActive(rule(1, 50, null), 51)).toBe(true);
    expect(isActive(rule(1, 10, 50), 20)).toBe(false);
    expect(isActive(rule(2, 50, null), 50)).toBe(true);
    expect(isActive(rule(5, 7, null), 7)).toBe(true);
    expect(isActive(rule(3, null, 50), 49)).toBe(true);
    expect(isActive(rule(3, 10, 50), 20)).toBe(false);
    expect(isActive(rule(4, null, 50), 50)).toBe(true);
    expect(isClear(rule(3, null, 50, 1), 51)).toBe(true);
  });

  it('missing limits make the trigger inert: never active, never clear', () => {
    const inert = [
      rule(1, null, null),
      rule(3, null, null),
      rule(6, 1, null),
      rule(7, null, 9),
      rule(9, 1, 2),
    ];
    for (const r of inert) {
      expect(isInert(r)).toBe(true);
      for (const v of [-1e9, 0, 1, 9, 1e9]) {
        expect(isActive(r, v)).toBe(false);
        expect(isClear(r, v)).toBe(false);
      }
    }
    expect(isInert(rule(1, null, 0))).toBe(false);
    expect(isInert(rule(6, 0, 0))).toBe(false);
  });

  it('non-finite values are never evaluated', () => {
    expect(isActive(rule(1, null, 0), Number.POSITIVE_INFINITY)).toBe(false);
    expect(isClear(rule(1, null, 0), Number.NaN)).toBe(false);
  });

  it('a negative deadband counts as 0', () => {
    expect(isClear(rule(1, null, 80, -5), 80)).toBe(true);
    expect(isClear(rule(1, null, 80, -5), 80.1)).toBe(false);
  });
});

describe('fireCodeOf', () => {
  it('passes 101-108 and turns everything else into 0', () => {
    expect([100, 101, 104, 108, 109, 0, 101.5].map(fireCodeOf)).toEqual([0, 101, 104, 108, 0, 0, 0]);
  });
});

describe('isStale', () => {
  it('is stale at exactly stale_s after the latest reading, not before', () => {
    expect(isStale(29_999, 30, 0, 0, 0)).toBe(false);
    expect(isStale(30_000, 30, 0, 0, 0)).toBe(true);
  });

  it('a point that never reported counts from the later of trigger change and engine start', () => {
    expect(isStale(40_000, 30, null, 10_000, 5_000)).toBe(true);
    expect(isStale(39_999, 30, null, 10_000, 5_000)).toBe(false);
    expect(isStale(39_999, 30, null, 1_000, 10_000)).toBe(false);
    expect(isStale(40_000, 30, null, 1_000, 10_000)).toBe(true);
  });

  it('stale_s 0 is never stale', () => {
    expect(isStale(1e12, 0, 0, 0, 0)).toBe(false);
  });
});
