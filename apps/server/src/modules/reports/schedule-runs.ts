import type { ReportPeriod } from '@fleet/contracts';
import { type Period, periodAt, periodBefore, wallClockAfter } from './periods.js';
import type { NewExportJob, ScheduleParams } from './schedules.repository.js';

/** What a run needs of a schedule. */
export interface RunnableSchedule {
  userId: number;
  name: string;
  period: string;
  params: unknown;
  tz: string;
  lang: string;
  sendAtMinute: number;
}

const periodOf = (s: { period: string }) => s.period as ReportPeriod;

/** End of the period of `tz` that holds `now`, plus `send_at_minute` (local wall-clock). */
export function nextRunAt(s: { period: string; tz: string; sendAtMinute: number }, now: Date): Date {
  return wallClockAfter(periodAt(periodOf(s), now, s.tz).end, s.sendAtMinute, s.tz);
}

/** The last complete period at `now`. */
export function lastCompletePeriod(s: { period: string; tz: string }, now: Date): Period {
  return periodBefore(periodOf(s), periodAt(periodOf(s), now, s.tz), s.tz);
}

/**
 * The export job of a run: a 'report' export of `period` (params = the query strings of
 * GET /dataCenter/dataReportV2), owned by the schedule's owner.
 */
export function reportExport(s: RunnableSchedule, period: Period, now: Date): NewExportJob {
  const p = s.params as ScheduleParams;
  const params: Record<string, string> = {
    period: s.period,
    starttime: period.start.toISOString(),
    endtime: period.end.toISOString(),
    tz: s.tz,
  };
  if (p.device_id) params.device_id = String(p.device_id);
  if (p.group_id) params.group_id = String(p.group_id);
  if (p.point_names?.length) params.point_names = p.point_names.join(',');
  return {
    userId: s.userId,
    kind: 'report',
    title: `${s.name} ${period.label}`,
    params,
    format: 'xlsx',
    lang: s.lang,
    tz: s.tz,
    status: 'queued',
    createdAt: now,
  };
}
