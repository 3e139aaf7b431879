import dayjs, { type Dayjs } from 'dayjs';

/** SPEC 5 time-range presets of range pickers (label keys in the accounts bundle). */
export const RANGE_PRESETS = [
  'pastHour',
  'today',
  'yesterday',
  'past7Days',
  'past30Days',
  'thisMonth',
  'lastMonth',
  'pastHalfYear',
  'pastYear',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export function presetRange(preset: RangePreset, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  switch (preset) {
    case 'pastHour':
      return [now.subtract(1, 'hour'), now];
    case 'today':
      return [now.startOf('day'), now.endOf('day')];
    case 'yesterday': {
      const y = now.subtract(1, 'day');
      return [y.startOf('day'), y.endOf('day')];
    }
    case 'past7Days':
      return [now.subtract(7, 'day'), now];
    case 'past30Days':
      return [now.subtract(30, 'day'), now];
    case 'thisMonth':
      return [now.startOf('month'), now.endOf('month')];
    case 'lastMonth': {
      const m = now.subtract(1, 'month');
      return [m.startOf('month'), m.endOf('month')];
    }
    case 'pastHalfYear':
      return [now.subtract(6, 'month'), now];
    case 'pastYear':
      return [now.subtract(1, 'year'), now];
  }
}

/** Range as the login-log query sends it: epoch seconds. */
export function rangeToQuery(range: readonly [Dayjs, Dayjs] | null | undefined): {
  starttime?: number;
  endtime?: number;
} {
  if (!range) return {};
  return { starttime: range[0].unix(), endtime: range[1].unix() };
}
