import { describe, expect, it } from 'vitest';
import { offlineSeconds, type Transition } from './offline-time.js';

const from = new Date('2026-01-01T00:00:00Z');
const end = new Date('2026-01-01T01:00:00Z');
const at = (minutes: number, status: number): Transition => ({
  status,
  at: new Date(from.getTime() + minutes * 60_000),
});

describe('offlineSeconds', () => {
  it('adds the closed offline intervals inside the period', () => {
    expect(offlineSeconds(undefined, [at(10, 0), at(15, 1), at(30, 0), at(40, 1)], from, end)).toBe(900);
  });

  it('counts from the period start when the device was already offline', () => {
    expect(offlineSeconds(at(-30, 0), [at(5, 1)], from, end)).toBe(300);
    expect(offlineSeconds(at(-30, 1), [at(5, 1)], from, end)).toBe(0);
  });

  it('counts an interval still open up to the end', () => {
    expect(offlineSeconds(undefined, [at(50, 0)], from, end)).toBe(600);
    expect(offlineSeconds(at(-1, 0), [], from, end)).toBe(3600);
  });

  it('does not restart an interval on a repeated offline row', () => {
    expect(offlineSeconds(undefined, [at(10, 0), at(20, 0), at(30, 1)], from, end)).toBe(1200);
  });

  it('answers 0 for an empty or inverted period', () => {
    expect(offlineSeconds(at(-1, 0), [], end, from)).toBe(0);
    expect(offlineSeconds(at(-1, 0), [], from, from)).toBe(0);
  });
});
