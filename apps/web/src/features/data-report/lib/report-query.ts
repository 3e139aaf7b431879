import { REPORT_MAX_PERIODS, type ReportPeriod } from '@fleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { presetRange } from '../../../shared/time/time-range';

export type SubjectKind = 'device' | 'group';

/** The report form: what to report on, which points, how to group in time, over which range. */
export interface ReportForm {
  subjectKind: SubjectKind;
  deviceId?: number;
  groupId?: number;
  /** Empty: every stored numeric point. */
  pointNames: string[];
  period: ReportPeriod;
  range: [Dayjs, Dayjs] | null;
}

/** Preset of the range each period starts with: a week of days, a month of weeks, half a year of months. */
export const DEFAULT_RANGE_PRESET: Record<ReportPeriod, string> = {
  day: 'past7d',
  week: 'past30d',
  month: 'pastHalfYear',
};

export function defaultRange(period: ReportPeriod, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return presetRange(DEFAULT_RANGE_PRESET[period], now) ?? [now.subtract(7, 'day'), now];
}

export function initialForm(now: Dayjs = dayjs()): ReportForm {
  return { subjectKind: 'device', pointNames: [], period: 'day', range: defaultRange('day', now) };
}

/** The chosen subject's id, or undefined while none is picked. */
export function subjectId(
  form: Pick<ReportForm, 'subjectKind' | 'deviceId' | 'groupId'>,
): number | undefined {
  return form.subjectKind === 'device' ? form.deviceId : form.groupId;
}

/**
 * Calendar periods a range touches (an upper estimate: the server counts in the report's zone), for the
 * "range too long" check before asking.
 */
export function periodCount(period: ReportPeriod, range: [Dayjs, Dayjs]): number {
  const [start, end] = range;
  if (!end.isAfter(start)) return 0;
  const last = end.subtract(1, 'millisecond');
  if (period === 'day') return last.startOf('day').diff(start.startOf('day'), 'day') + 1;
  if (period === 'month') return last.startOf('month').diff(start.startOf('month'), 'month') + 1;
  // ISO weeks start on Monday.
  const monday = (d: Dayjs) => d.startOf('day').subtract((d.day() + 6) % 7, 'day');
  return Math.round(monday(last).diff(monday(start), 'day') / 7) + 1;
}

export type FormProblem = 'subject' | 'range' | 'rangeTooLong';

/** Why the form cannot be asked yet, or null when it can. */
export function formProblem(form: ReportForm): FormProblem | null {
  if (subjectId(form) === undefined) return 'subject';
  const range = form.range;
  if (range === null || !range[1].isAfter(range[0])) return 'range';
  if (periodCount(form.period, range) > REPORT_MAX_PERIODS[form.period]) return 'rangeTooLong';
  return null;
}

/** GET /dataCenter/dataReportV2 query without paging (also the export's params). */
export interface ReportParams {
  device_id?: string;
  group_id?: string;
  point_names?: string;
  period: ReportPeriod;
  starttime: string;
  endtime: string;
  tz: string;
}

/** The query of a complete form (null while formProblem says something). */
export function reportParams(form: ReportForm, tz: string): ReportParams | null {
  if (formProblem(form) !== null || !form.range) return null;
  const id = String(subjectId(form));
  const q: ReportParams = {
    ...(form.subjectKind === 'device' ? { device_id: id } : { group_id: id }),
    period: form.period,
    starttime: form.range[0].toISOString(),
    endtime: form.range[1].toISOString(),
    tz,
  };
  const names = [...new Set(form.pointNames.map((n) => n.trim()).filter(Boolean))];
  if (names.length > 0) q.point_names = names.join(',');
  return q;
}

/** The export params of a report query (strings only; `ExportButton` takes them as they are). */
export function reportExportParams(params: ReportParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = v;
  return out;
}
