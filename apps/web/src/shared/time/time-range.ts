import dayjs, { type Dayjs } from 'dayjs';

/** SPEC 5 time-range presets: label key under `timeRange` (shared/time/i18n.ts) and the range relative to now. */
export const RANGE_PRESETS: ReadonlyArray<{ key: string; range: (now: Dayjs) => [Dayjs, Dayjs] }> = [
  { key: 'past1h', range: (now) => [now.subtract(1, 'hour'), now] },
  { key: 'today', range: (now) => [now.startOf('day'), now] },
  {
    key: 'yesterday',
    range: (now) => [now.subtract(1, 'day').startOf('day'), now.subtract(1, 'day').endOf('day')],
  },
  { key: 'past7d', range: (now) => [now.subtract(7, 'day'), now] },
  { key: 'past30d', range: (now) => [now.subtract(30, 'day'), now] },
  { key: 'thisMonth', range: (now) => [now.startOf('month'), now] },
  {
    key: 'lastMonth',
    range: (now) => [now.subtract(1, 'month').startOf('month'), now.subtract(1, 'month').endOf('month')],
  },
  { key: 'pastHalfYear', range: (now) => [now.subtract(6, 'month'), now] },
  { key: 'pastYear', range: (now) => [now.subtract(1, 'year'), now] },
];

/** The query of a picked range (ISO 8601, which the API accepts), or nothing. */
export function rangeQuery(range: [Dayjs, Dayjs] | null): { starttime?: string; endtime?: string } {
  if (!range) return {};
  return { starttime: range[0].toISOString(), endtime: range[1].toISOString() };
}

export const presetRange = (key: string, now: Dayjs = dayjs()) =>
  RANGE_PRESETS.find((p) => p.key === key)?.range(now) ?? null;
