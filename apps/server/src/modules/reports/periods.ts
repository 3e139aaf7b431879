import type { ReportPeriod } from '@fleet/contracts';
import { wallClock, zoneOffsetMs } from '../../platform/time/zone.js';

/**
 * Calendar periods of a time zone (days, ISO weeks starting Monday, months) as instants, computed with
 * Intl so that DST days of 23 or 25 hours and zones like +05:30 come out right. Pure; no database.
 */

export interface Period {
  /** '2026-11-21', '2026-W47' or '2026-11'. */
  label: string;
  /** First instant of the period (inclusive). */
  start: Date;
  /** First instant of the next period (exclusive). */
  end: Date;
}

interface LocalDate {
  y: number;
  /** 1-12 */
  m: number;
  d: number;
}

const DAY_MS = 86_400_000;

/** The wall-clock time of `ms` in `tz`, as epoch ms of the same wall-clock time in UTC (seconds precision). */
const wallMs = (ms: number, tz: string) => wallClock(ms, tz).getTime();

/**
 * The instant a wall-clock time of `tz` names (given as epoch ms of that wall time read as UTC).
 * A repeated time (DST ends) is its earlier instant; a skipped time (DST starts) moves forward by the
 * gap, so a day that starts in a gap starts at the transition (like Temporal's 'compatible').
 */
export function zonedInstant(wall: number, tz: string): Date {
  const before = zoneOffsetMs(wall - DAY_MS, tz);
  const after = zoneOffsetMs(wall + DAY_MS, tz);
  const candidates = [wall - before, wall - after].filter((t) => zoneOffsetMs(t, tz) === wall - t);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** The local calendar date of an instant in `tz`. */
export function localDate(at: Date, tz: string): LocalDate {
  const w = new Date(wallMs(at.getTime(), tz));
  return { y: w.getUTCFullYear(), m: w.getUTCMonth() + 1, d: w.getUTCDate() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const utcOf = (date: LocalDate) => Date.UTC(date.y, date.m - 1, date.d);
const dateOf = (ms: number): LocalDate => {
  const d = new Date(ms);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};

/** First local date of the period that holds `date`. */
function periodFirstDate(period: ReportPeriod, date: LocalDate): LocalDate {
  if (period === 'day') return date;
  if (period === 'month') return { y: date.y, m: date.m, d: 1 };
  const weekday = (new Date(utcOf(date)).getUTCDay() + 6) % 7; // Monday 0
  return dateOf(utcOf(date) - weekday * DAY_MS);
}

function nextFirstDate(period: ReportPeriod, first: LocalDate): LocalDate {
  if (period === 'day') return dateOf(utcOf(first) + DAY_MS);
  if (period === 'week') return dateOf(utcOf(first) + 7 * DAY_MS);
  return first.m === 12 ? { y: first.y + 1, m: 1, d: 1 } : { y: first.y, m: first.m + 1, d: 1 };
}

/** ISO 8601 week label of the week starting on Monday `monday`: the year is that of its Thursday. */
function isoWeekLabel(monday: LocalDate): string {
  const thursday = dateOf(utcOf(monday) + 3 * DAY_MS);
  const week = 1 + Math.floor((utcOf(thursday) - Date.UTC(thursday.y, 0, 1)) / (7 * DAY_MS));
  return `${thursday.y}-W${pad(week)}`;
}

function labelOf(period: ReportPeriod, first: LocalDate): string {
  if (period === 'day') return `${first.y}-${pad(first.m)}-${pad(first.d)}`;
  if (period === 'month') return `${first.y}-${pad(first.m)}`;
  return isoWeekLabel(first);
}

const midnight = (date: LocalDate, tz: string) => zonedInstant(utcOf(date), tz);

function periodFrom(period: ReportPeriod, first: LocalDate, tz: string): Period {
  return {
    label: labelOf(period, first),
    start: midnight(first, tz),
    end: midnight(nextFirstDate(period, first), tz),
  };
}

/** The period of `tz` that holds the instant. */
export function periodAt(period: ReportPeriod, at: Date, tz: string): Period {
  return periodFrom(period, periodFirstDate(period, localDate(at, tz)), tz);
}

/** The period right before `p` (same kind and zone). */
export function periodBefore(period: ReportPeriod, p: Period, tz: string): Period {
  return periodAt(period, new Date(p.start.getTime() - 1), tz);
}

/**
 * The periods of `tz` that overlap [start, end), in order; null when there are more than `max`
 * (the caller answers a parameter error).
 */
export function periodsBetween(
  period: ReportPeriod,
  start: Date,
  end: Date,
  tz: string,
  max: number,
): Period[] | null {
  const periods: Period[] = [];
  let first = periodFirstDate(period, localDate(start, tz));
  let current = periodFrom(period, first, tz);
  while (current.start.getTime() < end.getTime()) {
    if (periods.length >= max) return null;
    periods.push(current);
    first = nextFirstDate(period, first);
    current = periodFrom(period, first, tz);
  }
  return periods;
}

/**
 * `minutes` after local midnight of the day `periodEnd` starts (wall-clock: 60 is 01:00 local even on
 * a DST day), as an instant.
 */
export function wallClockAfter(periodEnd: Date, minutes: number, tz: string): Date {
  const day = localDate(periodEnd, tz);
  return zonedInstant(utcOf(day) + minutes * 60_000, tz);
}
