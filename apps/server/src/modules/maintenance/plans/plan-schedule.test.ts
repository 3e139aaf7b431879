import { describe, expect, it } from 'vitest';
import { firstOccurrenceFrom, nextOccurrences, occurrenceAt, type PlanCalendar } from './plan-schedule.js';

const plan = (p: Partial<PlanCalendar>): PlanCalendar => ({
  startDate: '2026-01-31',
  dueTime: '09:00',
  timeZone: 'UTC',
  period: 1,
  timeUnit: 2,
  preNotify: 6,
  ...p,
});
const dues = (p: PlanCalendar, n: number) => nextOccurrences(p, 0, n).map((o) => o.dueAt.toISOString());

describe('plan occurrences', () => {
  it('keeps the 31st across month ends, clamped to shorter months and never drifting', () => {
    expect(dues(plan({}), 5)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
    // Jan 31 2028 + 1 month falls on Feb 29 (leap year).
    expect(occurrenceAt(plan({ startDate: '2028-01-31' }), 1).dueAt.toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
    // Every 3 months from Nov 30: Feb 28, May 30, Aug 30.
    expect(dues(plan({ startDate: '2026-11-30', period: 3 }), 4).map((d) => d.slice(0, 10))).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
    ]);
  });

  it('puts a Feb 29 yearly plan on Feb 28 in common years and Feb 29 in leap years', () => {
    expect(dues(plan({ startDate: '2024-02-29', timeUnit: 3 }), 5).map((d) => d.slice(0, 10))).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('counts days and weeks on the calendar, across a year end and Feb 29', () => {
    expect(
      dues(plan({ startDate: '2027-12-30', timeUnit: 0, period: 1 }), 3).map((d) => d.slice(0, 10)),
    ).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(
      dues(plan({ startDate: '2028-02-22', timeUnit: 1, period: 1 }), 2).map((d) => d.slice(0, 10)),
    ).toEqual(['2028-02-22', '2028-02-29']);
  });

  it('keeps the local due time across DST changes (Europe/Madrid, America/New_York)', () => {
    // Madrid: CET (+1) until 2026-03-29, CEST (+2) after, CET again from 2026-10-25.
    const madrid = plan({ startDate: '2026-03-28', timeUnit: 0, timeZone: 'Europe/Madrid' });
    expect(dues(madrid, 2)).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    const autumn = plan({ startDate: '2026-10-24', timeUnit: 1, timeZone: 'Europe/Madrid' });
    expect(dues(autumn, 2)).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-31T08:00:00.000Z']);
    // New York monthly at 09:00: EST -5 in February, EDT -4 in March (DST from 2026-03-08).
    const ny = plan({ startDate: '2026-02-15', timeZone: 'America/New_York' });
    expect(dues(ny, 2)).toEqual(['2026-02-15T14:00:00.000Z', '2026-03-15T13:00:00.000Z']);
    // Shanghai has no DST: 09:00 is 01:00 UTC all year.
    expect(dues(plan({ startDate: '2026-06-30', timeZone: 'Asia/Shanghai' }), 1)).toEqual([
      '2026-06-30T01:00:00.000Z',
    ]);
  });

  it('moves a due time in a DST gap forward by the gap', () => {
    // 2026-03-08 02:30 does not exist in New York: 03:30 EDT = 07:30 UTC.
    const gap = plan({
      startDate: '2026-03-08',
      dueTime: '02:30',
      timeUnit: 0,
      timeZone: 'America/New_York',
    });
    expect(occurrenceAt(gap, 0).dueAt.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('raises the order ahead by the pre-notify setting on the local calendar', () => {
    const base = { startDate: '2026-03-31', timeZone: 'Europe/Madrid' };
    // One day ahead across the DST change: 2026-03-30 09:00 CEST.
    expect(occurrenceAt(plan({ ...base, preNotify: 0 }), 0).createAt.toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    // One week ahead: 2026-03-24 09:00 CET (before the change).
    expect(occurrenceAt(plan({ ...base, preNotify: 3 }), 0).createAt.toISOString()).toBe(
      '2026-03-24T08:00:00.000Z',
    );
    // One month ahead of Mar 31 clamps to Feb 28.
    expect(occurrenceAt(plan({ ...base, preNotify: 5 }), 0).createAt.toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    // None: raised at the due time.
    const none = occurrenceAt(plan({ ...base, preNotify: 6 }), 0);
    expect(none.createAt).toEqual(none.dueAt);
  });

  it('finds the first occurrence not before a time, skipping the ones already past', () => {
    const p = plan({ startDate: '2020-01-31' });
    const o = firstOccurrenceFrom(p, new Date('2026-03-01T00:00:00Z'));
    expect(o.dueAt.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(o.occurrence).toBe(74);
    // Exactly at a due time: that occurrence.
    expect(firstOccurrenceFrom(p, new Date('2026-02-28T09:00:00Z')).occurrence).toBe(73);
    // Daily for years: no skipped day.
    const daily = plan({ startDate: '2020-01-01', timeUnit: 0 });
    expect(firstOccurrenceFrom(daily, new Date('2026-01-01T09:00:00Z')).dueAt.toISOString()).toBe(
      '2026-01-01T09:00:00.000Z',
    );
    // Never before `from`.
    expect(firstOccurrenceFrom(p, new Date('2019-01-01T00:00:00Z'), 3).occurrence).toBe(3);
  });
});
