import { describe, expect, it } from 'vitest';
import { historyUrl, parseHistoryUrl, rowsQuery, seriesQuery } from './history-params';
import { totalText } from './table-total';

describe('history URL', () => {
  it('reads device and points, ignoring junk', () => {
    expect(parseHistoryUrl(new URLSearchParams('device_id=7&point_ids=3,x,4,3,-1'))).toEqual({
      deviceId: 7,
      pointIds: [3, 4],
    });
    expect(parseHistoryUrl(new URLSearchParams('device_id=abc'))).toEqual({ deviceId: null, pointIds: [] });
  });
  it('writes device and points, keeping other parameters', () => {
    const next = historyUrl({ deviceId: 7, pointIds: [1, 2] }, new URLSearchParams('tab=x&point_ids=9'));
    expect(next.toString()).toBe('tab=x&point_ids=1%2C2&device_id=7');
    expect(historyUrl({ deviceId: null, pointIds: [1] }, next).toString()).toBe('tab=x');
  });
});

describe('queries', () => {
  const window = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 2) };
  it('builds the series and rows queries with ISO times', () => {
    expect(seriesQuery([1, 2], window, 'max')).toEqual({
      point_ids: '1,2',
      starttime: '2026-01-01T00:00:00.000Z',
      endtime: '2026-01-02T00:00:00.000Z',
      points: 1000,
      fn: 'max',
    });
    expect(rowsQuery([5], window, { page: 3, limit: 50 })).toMatchObject({
      point_ids: '5',
      page: 3,
      limit: 50,
      order: 'desc',
    });
  });
  it('shows a capped total with a plus', () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key}:${String(o?.total)}`;
    expect(totalText(100_000, true, t)).toBe('history.totalCapped:100,000');
    expect(totalText(1234, false, t)).toBe('history.total:1,234');
  });
});
