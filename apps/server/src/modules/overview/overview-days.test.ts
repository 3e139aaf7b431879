import { describe, expect, it } from 'vitest';
import { zonedDay } from '../../platform/time/zone.js';
import { daysEndingWith } from './overview-days.js';

describe('zonedDay', () => {
  it('answers the calendar day of the zone, not of UTC', () => {
    const at = new Date('2026-03-01T23:30:00Z');
    expect(zonedDay(at, 'UTC')).toBe('2026-03-01');
    expect(zonedDay(at, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(zonedDay(new Date('2026-03-01T03:00:00Z'), 'America/New_York')).toBe('2026-02-28');
  });
});

describe('daysEndingWith', () => {
  it('lists consecutive days across month and year ends, oldest first', () => {
    expect(daysEndingWith('2026-03-02', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysEndingWith('2027-01-01', 2)).toEqual(['2026-12-31', '2027-01-01']);
  });
});
