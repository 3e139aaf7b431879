import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetRange, RANGE_PRESETS, rangeToQuery } from './time-ranges';

describe('SPEC 5 time-range presets', () => {
  const now = dayjs('2026-03-15T10:30:00');
  it('has the nine presets in order', () => {
    expect(RANGE_PRESETS).toHaveLength(9);
  });
  it('computes each range', () => {
    const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD HH:mm'));
    expect(fmt(presetRange('pastHour', now))).toEqual(['2026-03-15 09:30', '2026-03-15 10:30']);
    expect(fmt(presetRange('yesterday', now))).toEqual(['2026-03-14 00:00', '2026-03-14 23:59']);
    expect(fmt(presetRange('lastMonth', now))).toEqual(['2026-02-01 00:00', '2026-02-28 23:59']);
    expect(fmt(presetRange('thisMonth', now))).toEqual(['2026-03-01 00:00', '2026-03-31 23:59']);
    expect(fmt(presetRange('pastHalfYear', now))[0]).toBe('2025-09-15 10:30');
  });
  it('sends epoch seconds', () => {
    const r = presetRange('today', now);
    expect(rangeToQuery(r)).toEqual({ starttime: r[0].unix(), endtime: r[1].unix() });
    expect(rangeToQuery(null)).toEqual({});
  });
});
