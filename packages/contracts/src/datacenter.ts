import { z } from 'zod';
import { queryTime } from './accounts.js';
import { listQuery } from './envelope.js';
import { pointIdList, telemetryValue } from './telemetry.js';
import { timeZoneQuery } from './time-zone.js';

/** Data center API (docs/api-datacenter.md, issue 6): history table, data reports, exports, schedules. */

const id = z.coerce.number().int().positive();

/* ---------------------------------------------------------------- history table */

/** Largest `total` counted for the history table; beyond it the answer says `total_capped`. */
export const HISTORY_TABLE_COUNT_CAP = 100_000;

/** GET /device/history/rows: raw stored values of several points, newest first, paged. */
export const historyRowsQuery = listQuery.extend({
  point_ids: pointIdList,
  starttime: queryTime,
  endtime: queryTime,
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type HistoryRowsQuery = z.infer<typeof historyRowsQuery>;

export const historyTableRow = z.object({
  /** ISO time of the reading. */
  ts: z.string(),
  point_id: z.number().int(),
  value: telemetryValue,
});
export type HistoryTableRow = z.infer<typeof historyTableRow>;

export const historyRowsAnswer = z.object({
  rows: z.array(historyTableRow),
  /** Rows in the range, counted up to HISTORY_TABLE_COUNT_CAP. */
  total: z.number().int(),
  /** true when there are more rows than `total` says. */
  total_capped: z.boolean(),
});
export type HistoryRowsAnswer = z.infer<typeof historyRowsAnswer>;

/* ---------------------------------------------------------------- data report V2 */

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** Most periods one report may span (400 days, 60 weeks, 24 months). */
export const REPORT_MAX_PERIODS: Record<ReportPeriod, number> = { day: 400, week: 60, month: 24 };

/** Comma list of point names ("temp,energy"), 1-50 names. */
const pointNameList = z
  .string()
  .trim()
  .max(2000)
  .transform((v, ctx) => {
    const names = [
      ...new Set(
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ];
    if (names.length < 1 || names.length > 50) {
      ctx.addIssue({ code: 'custom', message: 'expected 1 to 50 comma-separated point names' });
      return z.NEVER;
    }
    return names;
  });

/** A report's subject: one device, or every device of a group the caller may see. */
const subject = { device_id: id.optional(), group_id: id.optional() };
const ONE_SUBJECT = {
  check: (q: { device_id?: number; group_id?: number }) =>
    (q.device_id === undefined) !== (q.group_id === undefined),
  message: 'give exactly one of device_id and group_id',
};

/** GET /dataCenter/dataReportV2 (and /export): periods of `tz` that overlap [starttime, endtime). */
export const dataReportQuery = z
  .object({
    ...subject,
    /** Point names to report; default every stored numeric point. */
    point_names: pointNameList.optional(),
    period: z.enum(REPORT_PERIODS).default('day'),
    starttime: queryTime,
    endtime: queryTime,
    tz: timeZoneQuery,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(2000).default(100),
  })
  .refine(ONE_SUBJECT.check, { message: ONE_SUBJECT.message, path: ['device_id'] });
export type DataReportQuery = z.infer<typeof dataReportQuery>;

export const dataReportRow = z.object({
  /** Local calendar label of the period in `tz`: '2026-11-21', '2026-W47', '2026-11'. */
  period: z.string(),
  /** ISO instants of the period's start (inclusive) and end (exclusive). */
  period_start: z.string(),
  period_end: z.string(),
  device_id: z.number().int(),
  device_title: z.string(),
  point_id: z.number().int(),
  point_name: z.string(),
  point_title: z.string(),
  unit: z.string(),
  /** Readings in the period; 0 with every statistic null for an empty period. */
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  first: z.number().nullable(),
  last: z.number().nullable(),
  /**
   * Counter increase over the period: the sum of the steps between consecutive readings, starting from the
   * last reading before the period when there is one; a step down is a reset and counts the new reading.
   */
  difference: z.number().nullable(),
});
export type DataReportRow = z.infer<typeof dataReportRow>;

export const dataReportAnswer = z.object({
  rows: z.array(dataReportRow),
  total: z.number().int(),
});
export type DataReportAnswer = z.infer<typeof dataReportAnswer>;

/** GET /dataCenter/dataReportV2/points: report-able point names of a device or group. */
export const reportPointsQuery = z
  .object(subject)
  .refine(ONE_SUBJECT.check, { message: ONE_SUBJECT.message, path: ['device_id'] });
export const reportPoint = z.object({
  name: z.string(),
  title: z.string(),
  unit: z.string(),
  devices: z.number().int(),
});
export type ReportPoint = z.infer<typeof reportPoint>;

/* ---------------------------------------------------------------- exports (file download) */

export const EXPORT_KINDS = [
  'history',
  'report',
  'alarmlog',
  'devices',
  'statreport',
  'otalog',
  'otastrace',
  'noticelog',
  'enforcement',
  'assets',
  // Maintenance figures (issue 22 item 6, docs/maintenance.md "Figures").
  'maintstats',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_FORMATS = ['auto', 'xlsx', 'csv'] as const;
/** `auto` writes csv above this many rows (xlsx files of millions of rows are slow to open). */
export const EXPORT_XLSX_AUTO_MAX_ROWS = 200_000;
/** Hard limits: rows per file, and queued or running jobs per user. */
export const EXPORT_MAX_ROWS = 5_000_000;
export const EXPORT_XLSX_MAX_ROWS = 1_000_000;
export const EXPORT_MAX_ACTIVE_PER_USER = 3;
/** Days a finished file stays downloadable. */
export const EXPORT_TTL_DAYS = 7;

/**
 * POST /dataCenter/export. `params` is the query string of the matching screen's list call, as strings:
 * history = GET /device/history/rows (without page/limit), report = GET /dataCenter/dataReportV2,
 * alarmlog = GET /event/alarmlog, devices = GET /device, statreport = GET /device/eventStatReport,
 * otalog = GET /ota/log, otastrace = GET /ota/strace, noticelog = GET /trigger/notice,
 * enforcement = GET /maintenance/enforcement.
 * assets = GET /maintenance/asset.
 */
export const exportCreateBody = z.strictObject({
  kind: z.enum(EXPORT_KINDS),
  params: z.record(z.string(), z.string().max(4000)),
  format: z.enum(EXPORT_FORMATS).default('auto'),
  /** Language of the job's title and file; absent: the request's Accept-Language (zh without one). */
  lang: z.enum(['zh', 'en', 'es']).optional(),
  tz: timeZoneQuery,
});
export type ExportCreateBody = z.infer<typeof exportCreateBody>;

export const exportJobRow = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  title: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0-100 */
  progress: z.number().int(),
  rows: z.number().int(),
  format: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  error: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ExportJobRow = z.infer<typeof exportJobRow>;

/** GET /dataCenter/fileDownload */
export const exportListQuery = listQuery.extend({ status: z.enum(EXPORT_STATUSES).optional() });
export type ExportListQuery = z.infer<typeof exportListQuery>;

/* ---------------------------------------------------------------- scheduled reports */

export const reportScheduleInput = z.strictObject({
  name: z.string().trim().min(1).max(64),
  period: z.enum(REPORT_PERIODS),
  device_id: z.number().int().positive().nullable().optional(),
  group_id: z.number().int().positive().nullable().optional(),
  point_names: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  /** Minutes after the period ends (local time) at which the report is built and sent: 0-1439. */
  send_at_minute: z.number().int().min(0).max(1439).default(60),
  tz: timeZoneQuery,
  lang: z.enum(['zh', 'en', 'es']).default('zh'),
  contact_ids: z.array(z.number().int().positive()).min(1).max(20),
  enabled: z.boolean().default(true),
});
export type ReportScheduleInput = z.infer<typeof reportScheduleInput>;

export const reportScheduleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  period: z.enum(REPORT_PERIODS),
  device_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  /** Device or group title. */
  subject_title: z.string(),
  point_names: z.array(z.string()),
  send_at_minute: z.number().int(),
  tz: z.string(),
  lang: z.string(),
  contact_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  last_export_id: z.number().int().nullable(),
  last_error: z.string(),
  created_at: z.string(),
});
export type ReportScheduleRow = z.infer<typeof reportScheduleRow>;
