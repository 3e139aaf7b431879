import { z } from 'zod';
import { alarmLogRow } from './alarms.js';
import { overviewDevices } from './overview.js';

/** Monitoring screens (issue 23): the big screen's figures, the device map and the basemap setting. */

/** Hours of the big screen's alarm trend, the current hour included. */
export const SCREEN_TREND_HOURS = 24;
/** Minutes of the readings-per-minute figure, the current (partial) minute excluded. */
export const SCREEN_READING_MINUTES = 30;
/** Rows of the latest alarms and of the top alarming devices. */
export const SCREEN_LATEST_ROWS = 10;
export const SCREEN_TOP_DEVICES = 5;
/** The most devices one map answer carries (the map clusters them in the browser). */
export const MAP_DEVICE_LIMIT = 20_000;

const count = z.number().int().nonnegative();

/** GET /screen/big (permission MonitorScreen): everything the big screen draws, for the devices in scope. */
export const bigScreenReport = z.object({
  devices: overviewDevices,
  /** Alarms raised per hour (recoveries excluded), oldest first, zero-filled; `hour` is ISO at hour start. */
  alarm_trend: z.array(z.object({ hour: z.string(), alarms: count })),
  /** Readings stored per minute (history rollups), oldest first, zero-filled; `minute` is ISO. */
  readings_per_minute: z.array(z.object({ minute: z.string(), readings: count })),
  latest_alarms: z.array(alarmLogRow),
  /** The devices that raised the most alarms over the trend's hours. */
  top_alarming: z.array(z.object({ device_id: z.number().int(), device_title: z.string(), alarms: count })),
});
export type BigScreenReport = z.infer<typeof bigScreenReport>;

/** GET /map/devices: SPEC 4 status filter (absent all, 1 normal, 0 offline, 2 alarm), group and project. */
export const mapDevicesQuery = z.object({
  status: z
    .union([z.literal(''), z.coerce.number().int().min(0).max(2)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  group_id: z.coerce.number().int().positive().optional(),
  project_id: z.coerce.number().int().positive().optional(),
});
export type MapDevicesQuery = z.infer<typeof mapDevicesQuery>;

export const mapDevice = z.object({
  id: z.number().int(),
  device_title: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.number().int(),
  alarm_type: z.number().int(),
});
export type MapDevice = z.infer<typeof mapDevice>;

export const mapDevicesAnswer = z.object({
  /** Located devices of the filter (at most MAP_DEVICE_LIMIT, newest first). */
  rows: z.array(mapDevice),
  /** How many located devices match (more than `rows` when the limit cut). */
  total: count,
  /** Devices of the filter without coordinates (not on the map). */
  unplaced: count,
});
export type MapDevicesAnswer = z.infer<typeof mapDevicesAnswer>;

/**
 * GET/PUT /map/config: the basemap. `tile_url` null: the offline basemap shipped with the app (DESIGN 15);
 * otherwise a raster XYZ template with {z}, {x} and {y} (http or https), set by the platform administrator.
 */
export const mapConfig = z.object({
  tile_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, 'tile_url must be an http(s) URL')
    .refine(
      (u) => ['{z}', '{x}', '{y}'].every((p) => u.includes(p)),
      'tile_url must contain {z}, {x} and {y}',
    )
    .nullable(),
  /** Attribution shown on the map for the configured tiles. */
  attribution: z.string().trim().max(200).default(''),
});
export type MapConfig = z.infer<typeof mapConfig>;
