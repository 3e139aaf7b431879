import { z } from 'zod';
import { alarmLogRow } from './alarms.js';
import { onofflineLogRow } from './connectivity.js';
import { timeZoneQuery } from './time-zone.js';

/** Platform overview (SPEC 2.3 /dashboard/index, permission PlatformOverView): GET /overview. */

/** Days the trends cover, today included. */
export const OVERVIEW_TREND_DAYS = 14;
/** Rows in the latest alarms and latest offline lists. */
export const OVERVIEW_LATEST_ROWS = 10;

/** GET /overview: `tz` is the caller's zone; "today" and the alarm trend days are its days. */
export const overviewQuery = z.object({
  tz: timeZoneQuery,
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

const count = z.number().int().nonnegative();
/** 'YYYY-MM-DD' */
const day = z.string();

export const overviewDevices = z.object({
  total: count,
  online: count,
  offline: count,
  /** Online with an alarm type other than 0 (SPEC 4 device status filter "alarm"). */
  alarm: count,
  /** Online with alarm type 0. */
  normal: count,
});
export type OverviewDevices = z.infer<typeof overviewDevices>;

export const overviewReport = z.object({
  devices: overviewDevices,
  /** Alarms raised today (recovery rows, types 0 and 3, are not alarms). Keys are level / type codes. */
  alarms_today: z.object({
    total: count,
    unhandled: count,
    by_level: z.record(z.string(), count),
    by_type: z.record(z.string(), count),
  }),
  /** The last OVERVIEW_TREND_DAYS days of the caller's zone, oldest first, zero-filled. */
  alarm_trend: z.array(z.object({ day, alarms: count, recovered: count })),
  /** Readings stored; these days are UTC days (the pipeline counts per UTC day). */
  readings: z.object({
    today: count,
    last_7_days: count,
    trend: z.array(z.object({ day, readings: count })),
  }),
  latest_alarms: z.array(alarmLogRow),
  /** The newest offline events (status 0). */
  latest_offline: z.array(onofflineLogRow),
});
export type OverviewReport = z.infer<typeof overviewReport>;
