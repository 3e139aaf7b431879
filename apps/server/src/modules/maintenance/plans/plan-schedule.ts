import { type PlanPreNotify, type PlanTimeUnit, PRE_NOTIFY_AHEAD } from '@fleet/contracts';
import { zonedInstant } from '../../reports/periods.js';

/**
 * Calendar occurrences of a maintenance plan. Pure; no database. Occurrence k is due on the local
 * date `start + k x period units` at `due_time` on the wall clock of the plan's zone, always counted
 * from the start date (never from the previous occurrence), so:
 * - months and years keep the start's day and clamp it to shorter months: Jan 31 + 1 month is Feb 28
 *   (29 in a leap year), + 2 months is Mar 31 again; a Feb 29 start is due Feb 28 in common years and
 *   Feb 29 in leap years;
 * - days and weeks are calendar days, so 09:00 stays 09:00 across a DST change (the day has 23 or 25 h);
 * - a due time in a DST gap moves forward by the gap, a repeated one is its earlier instant.
 * The order is raised ahead by the pre-notify setting, on the same local clock (one month ahead clamps
 * like the period does).
 */

export interface PlanCalendar {
  startDate: string;
  dueTime: string;
  timeZone: string;
  period: number;
  timeUnit: PlanTimeUnit;
  preNotify: PlanPreNotify;
}

export interface Occurrence {
  occurrence: number;
  dueAt: Date;
  createAt: Date;
}

interface LocalDate {
  y: number;
  /** 1-12 */
  m: number;
  d: number;
}

const DAY_MS = 86_400_000;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function parseDate(value: string): LocalDate {
  const [y, m, d] = value.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

/** `date` moved by whole months, the day clamped to the target month's length. */
function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

function addDays(date: LocalDate, days: number): LocalDate {
  const at = new Date(Date.UTC(date.y, date.m - 1, date.d) + days * DAY_MS);
  return { y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate() };
}

/** The local date of occurrence `k`. */
export function occurrenceDate(
  plan: Pick<PlanCalendar, 'startDate' | 'period' | 'timeUnit'>,
  k: number,
): LocalDate {
  const start = parseDate(plan.startDate);
  const n = plan.period * k;
  switch (plan.timeUnit) {
    case 0:
      return addDays(start, n);
    case 1:
      return addDays(start, 7 * n);
    case 2:
      return addMonths(start, n);
    default:
      return addMonths(start, 12 * n);
  }
}

function instantOf(date: LocalDate, dueTime: string, timeZone: string): Date {
  const [hh, mm] = dueTime.split(':').map(Number);
  return zonedInstant(Date.UTC(date.y, date.m - 1, date.d, hh!, mm!), timeZone);
}

/** Occurrence `k`: when it is due and when its order is raised. */
export function occurrenceAt(plan: PlanCalendar, k: number): Occurrence {
  const date = occurrenceDate(plan, k);
  const ahead = PRE_NOTIFY_AHEAD[plan.preNotify];
  const createDate = addDays(addMonths(date, -ahead.months), -ahead.days);
  return {
    occurrence: k,
    dueAt: instantOf(date, plan.dueTime, plan.timeZone),
    createAt: instantOf(createDate, plan.dueTime, plan.timeZone),
  };
}

/**
 * The first occurrence, from `from` on, whose due time is not before `after` (a plan started or
 * resumed late skips the occurrences already past). Bounded: a plan can have at most 100,000 steps.
 */
export function firstOccurrenceFrom(plan: PlanCalendar, after: Date, from = 0): Occurrence {
  // Jump close first without passing the answer (a step is at most this long, DST included), then step.
  let k = from;
  const first = occurrenceAt(plan, k);
  if (first.dueAt.getTime() < after.getTime()) {
    const longestStep = [1, 7, 31, 366][plan.timeUnit]! * plan.period * DAY_MS + 2 * 3_600_000;
    k = from + Math.floor((after.getTime() - first.dueAt.getTime()) / longestStep);
  }
  for (let guard = 0; guard < 100_000; guard += 1, k += 1) {
    const o = occurrenceAt(plan, k);
    if (o.dueAt.getTime() >= after.getTime()) return o;
  }
  throw new Error('plan occurrence out of range');
}

/** The next `count` occurrences from occurrence `from`. */
export function nextOccurrences(plan: PlanCalendar, from: number, count: number): Occurrence[] {
  return Array.from({ length: count }, (_, i) => occurrenceAt(plan, from + i));
}
