import { describe, expect, it } from 'vitest';
import { periodAt, periodBefore, periodsBetween, wallClockAfter, zonedInstant } from './periods.js';

const iso = (d: Date) => d.toISOString();
const hours = (p: { start: Date; end: Date }) => (p.end.getTime() - p.start.getTime()) / 3_600_000;

describe('periods of a time zone', () => {
  it('cuts days at local midnight: Shanghai +08:00 vs UTC', () => {
    const start = new Date('2026-05-01T15:59:00Z'); // 23:59 local
    const end = new Date('2026-05-01T16:01:00Z'); // 00:01 next day local
    const shanghai = periodsBetween('day', start, end, 'Asia/Shanghai', 10)!;
    expect(shanghai.map((p) => p.label)).toEqual(['2026-05-01', '2026-05-02']);
    expect(iso(shanghai[1]!.start)).toBe('2026-05-01T16:00:00.000Z');
    const utc = periodsBetween('day', start, end, 'UTC', 10)!;
    expect(utc.map((p) => p.label)).toEqual(['2026-05-01']);
  });

  it('has 23 and 25 hour days across the Berlin DST changes', () => {
    const spring = periodAt('day', new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(spring.label).toBe('2026-03-29');
    expect(iso(spring.start)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(spring.end)).toBe('2026-03-29T22:00:00.000Z');
    expect(hours(spring)).toBe(23);
    const autumn = periodAt('day', new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn.start)).toBe('2026-10-24T22:00:00.000Z');
    expect(hours(autumn)).toBe(25);
    const week = periodAt('week', new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(week.label).toBe('2026-W13');
    expect(iso(week.start)).toBe('2026-03-22T23:00:00.000Z'); // Monday 23 March 00:00 CET
    expect(hours(week)).toBe(7 * 24 - 1);
  });

  it('handles half-hour offsets (Kolkata +05:30)', () => {
    const p = periodAt('month', new Date('2026-02-10T00:00:00Z'), 'Asia/Kolkata');
    expect(p.label).toBe('2026-02');
    expect(iso(p.start)).toBe('2026-01-31T18:30:00.000Z');
    expect(iso(p.end)).toBe('2026-02-28T18:30:00.000Z');
  });

  it('labels ISO weeks by the year of their Thursday and starts them on Monday', () => {
    const p = periodAt('week', new Date('2027-01-01T12:00:00Z'), 'UTC'); // a Friday
    expect(p.label).toBe('2026-W53');
    expect(iso(p.start)).toBe('2026-12-28T00:00:00.000Z');
    expect(periodAt('week', new Date('2026-01-01T00:00:00Z'), 'UTC').label).toBe('2026-W01');
    expect(periodBefore('week', p, 'UTC').label).toBe('2026-W52');
  });

  it('gives up beyond the maximum and lists overlapping periods only', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(periodsBetween('day', start, new Date('2027-03-01T00:00:00Z'), 'UTC', 400)).toBeNull();
    const months = periodsBetween(
      'month',
      new Date('2026-01-15T00:00:00Z'),
      new Date('2026-03-01T00:00:00Z'),
      'UTC',
      24,
    )!;
    expect(months.map((p) => p.label)).toEqual(['2026-01', '2026-02']);
  });

  it('resolves wall-clock times in gaps forward and repeated times to the earlier instant', () => {
    // 02:30 does not exist in Berlin on 2026-03-29: 03:30 CEST.
    expect(iso(zonedInstant(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 2026-10-25: the first (CEST).
    expect(iso(zonedInstant(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    const end = new Date('2026-03-28T23:00:00Z'); // Berlin midnight of the spring day
    expect(iso(wallClockAfter(end, 180, 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
  });
});
