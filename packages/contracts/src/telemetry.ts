import { z } from 'zod';
import { queryTime } from './accounts.js';
import { deviceListQuery } from './devices.js';

/** Telemetry read API (docs/api-pipeline.md "Telemetry"). */

/** A point's value: numbers (booleans as 0/1), strings for text points, null when none. */
export const telemetryValue = z.union([z.number(), z.string(), z.null()]);
export type TelemetryValue = z.infer<typeof telemetryValue>;

const id = z.coerce.number().int().positive();

export const deviceIdQuery = z.object({ device_id: id });
export type DeviceIdQuery = z.infer<typeof deviceIdQuery>;

/** GET /device/lastdp: one row per collected point, ordered like the points. */
export const lastPoint = z.object({
  point_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  slave_id: z.number().int().nullable(),
  unit: z.string(),
  decimals: z.number().int(),
  access: z.string(),
  type: z.number().int(),
  value: telemetryValue,
  /** ISO time of the latest reading, null when the point never reported. */
  at: z.string().nullable(),
});
export type LastPoint = z.infer<typeof lastPoint>;

/** GET /device/lastdps: the device list query. */
export const lastdpsQuery = deviceListQuery;
export type LastdpsQuery = z.infer<typeof lastdpsQuery>;

export const lastdpsPoint = z.object({
  point_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  value: telemetryValue,
  unit: z.string(),
  at: z.string().nullable(),
});
export type LastdpsPoint = z.infer<typeof lastdpsPoint>;

export const lastdpsRow = z.object({
  device_id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  status: z.number().int(),
  alarm_type: z.number().int(),
  online_at: z.string().nullable(),
  lastdp: z.array(lastdpsPoint),
});
export type LastdpsRow = z.infer<typeof lastdpsRow>;

/** GET /device/dss: the data streams of a device (every point, with its stored history count). */
export const dataStream = z.object({
  point_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  slave_id: z.number().int().nullable(),
  unit: z.string(),
  data_type: z.string(),
  storage_mode: z.number().int(),
  value: telemetryValue,
  at: z.string().nullable(),
  stored_count: z.number().int(),
});
export type DataStream = z.infer<typeof dataStream>;

/** Longest range one history or series query may cover. */
export const HISTORY_MAX_SPAN_DAYS = 400;

/** GET /device/history: raw stored values of one point, keyset-paged. */
export const historyQuery = z.object({
  point_id: id,
  starttime: queryTime,
  endtime: queryTime,
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  /** Opaque, from the previous answer's next_cursor. */
  cursor: z.string().trim().max(200).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyRow = z.object({ ts: z.string(), value: telemetryValue });
export type HistoryRow = z.infer<typeof historyRow>;

export const historyPage = z.object({
  rows: z.array(historyRow),
  /** null at the end of the range. */
  next_cursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;

export const SERIES_FUNCTIONS = ['avg', 'min', 'max', 'last'] as const;
export type SeriesFunction = (typeof SERIES_FUNCTIONS)[number];

/** Comma list of 1-20 point ids ("3,4,9"). */
export const pointIdList = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const parts = v.split(',').map((p) => p.trim());
    const ids = parts.map(Number);
    if (
      parts.length < 1 ||
      parts.length > 20 ||
      ids.some((n) => !Number.isInteger(n) || n <= 0) ||
      v === ''
    ) {
      ctx.addIssue({ code: 'custom', message: 'expected 1 to 20 comma-separated point ids' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** GET /device/history/series: chart data, aggregated server-side. */
export const seriesQuery = z.object({
  point_ids: pointIdList,
  starttime: queryTime,
  endtime: queryTime,
  /** Most points answered per series. */
  points: z.coerce.number().int().min(10).max(2000).default(1000),
  fn: z.enum(SERIES_FUNCTIONS).default('avg'),
});
export type SeriesQuery = z.infer<typeof seriesQuery>;

export const series = z.object({
  point_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  unit: z.string(),
  /** [epoch ms, value]; value null is an empty bucket (a gap in the line). */
  points: z.array(z.tuple([z.number(), telemetryValue])),
});
export type Series = z.infer<typeof series>;

export const seriesAnswer = z.object({
  /** Width of every bucket in ms; 0 when the raw values fitted and are answered as they are. */
  bucket_ms: z.number().int(),
  series: z.array(series),
});
export type SeriesAnswer = z.infer<typeof seriesAnswer>;
