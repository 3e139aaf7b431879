import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetRange, RANGE_PRESETS, rangeQuery } from './time-range';

describe('time-range presets (SPEC 5)', () => {
  const now = dayjs('2026-03-15T10:30:00');
  it('has the SPEC presets in order', () => {
    expect(RANGE_PRESETS.map((p) => p.key)).toEqual([
      'past1h',
      'today',
      'yesterday',
      'past7d',
      'past30d',
      'thisMonth',
      'lastMonth',
      'pastHalfYear',
      'pastYear',
    ]);
  });
  it('computes ranges relative to now', () => {
    const fmt = (key: string) => presetRange(key, now)?.map((d) => d.format('YYYY-MM-DD HH:mm'));
    expect(fmt('past1h')).toEqual(['2026-03-15 09:30', '2026-03-15 10:30']);
    expect(fmt('today')).toEqual(['2026-03-15 00:00', '2026-03-15 10:30']);
    expect(fmt('yesterday')).toEqual(['2026-03-14 00:00', '2026-03-14 23:59']);
    expect(fmt('lastMonth')).toEqual(['2026-02-01 00:00', '2026-02-28 23:59']);
    expect(fmt('pastYear')).toEqual(['2025-03-15 10:30', '2026-03-15 10:30']);
    expect(presetRange('nope', now)).toBeNull();
  });
  it('sends ISO times, nothing without a range', () => {
    expect(rangeQuery(null)).toEqual({});
    const q = rangeQuery([now.subtract(1, 'hour'), now]);
    expect(new Date(q.endtime ?? '').getTime()).toBe(now.valueOf());
  });
});
