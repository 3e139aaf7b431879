import { z } from 'zod';
import { alarmLogRow } from './alarms.js';
import {
  CUSTOM_SCREEN_LIMITS,
  customScreenDocument,
  screenPointId,
  screenWidgetId,
} from './custom-screens.js';
import { scadaPoints } from './scada.js';
import { mapConfig, mapDevicesAnswer } from './screens.js';

/**
 * What custom screen widgets read (docs/custom-screens.md): the stored screen's reader, the designer's
 * previews and the external link answer the same shapes.
 */

/** A bound point as a screen shows it. */
export const screenPoint = z.object({
  point_id: z.number().int(),
  device_id: z.number().int(),
  device_title: z.string(),
  name: z.string(),
  title: z.string(),
  unit: z.string(),
  value: z.union([z.number(), z.string(), z.null()]),
  at: z.string().nullable(),
  /** The device's data is locked (service expired past the grace days): no values are answered. */
  locked: z.boolean(),
});
export type ScreenPoint = z.infer<typeof screenPoint>;

export const screenPointsAnswer = z.object({ points: z.array(screenPoint) });
export type ScreenPointsAnswer = z.infer<typeof screenPointsAnswer>;

export const screenPointsBody = z.strictObject({
  points: z
    .array(screenPointId)
    .min(1)
    .max(CUSTOM_SCREEN_LIMITS.widgets * CUSTOM_SCREEN_LIMITS.pointsPerSource),
});

/** A source's data: one series per point, `[epoch ms, value]`, aggregated into at most ~120 buckets. */
export const screenSourceData = z.object({
  bucket_ms: z.number().int(),
  series: z.array(
    z.object({
      point_id: z.number().int(),
      title: z.string(),
      unit: z.string(),
      points: z.array(z.tuple([z.number(), z.union([z.number(), z.string(), z.null()])])),
    }),
  ),
});
export type ScreenSourceData = z.infer<typeof screenSourceData>;

export const screenShareQuery = z.object({ widget: screenWidgetId });

/** An alarm list widget's rows (newest first). */
export const screenAlarmsAnswer = z.object({ rows: z.array(alarmLogRow) });
export type ScreenAlarmsAnswer = z.infer<typeof screenAlarmsAnswer>;

export const screenAlarmsPreviewBody = z.strictObject({
  devices: z.array(z.number().int().positive()).min(1).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
  rows: z.number().int().min(1).max(50),
});
export type ScreenAlarmsPreviewBody = z.infer<typeof screenAlarmsPreviewBody>;

/** One device of a status table (the widget's order; devices the reader may not see are left out). */
export const screenStatusRow = z.object({
  device_id: z.number().int(),
  title: z.string(),
  /** 0 offline, 1 online (SPEC 4). */
  status: z.number().int(),
  /** SPEC 4 alarm type; 0 none. */
  alarm_type: z.number().int(),
  /** The newest reading of any of its points (else when it last came online); null: never. */
  last_seen: z.string().nullable(),
  /** Its data is locked (service expired): no values. */
  locked: z.boolean(),
  /** One per widget column: that point of this device, or null when it has none by that name. */
  values: z.array(
    z
      .object({
        point_id: z.number().int(),
        name: z.string(),
        unit: z.string(),
        value: z.union([z.number(), z.string(), z.null()]),
        at: z.string().nullable(),
      })
      .nullable(),
  ),
});
export type ScreenStatusRow = z.infer<typeof screenStatusRow>;
export const screenStatusAnswer = z.object({ rows: z.array(screenStatusRow) });
export type ScreenStatusAnswer = z.infer<typeof screenStatusAnswer>;

export const screenStatusPreviewBody = z.strictObject({
  devices: z.array(z.number().int().positive()).min(1).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
  columns: z.array(z.string().trim().min(1).max(64)).max(CUSTOM_SCREEN_LIMITS.statusColumns),
});
export type ScreenStatusPreviewBody = z.infer<typeof screenStatusPreviewBody>;

/**
 * An embedded SCADA app as a screen shows it: its document, the points it binds (as GET /scada/{id}/points)
 * and their latest values (none of a locked device).
 */
export const screenScadaAnswer = z.object({
  name: z.string(),
  document: z.record(z.string(), z.unknown()),
  points: scadaPoints,
  values: z.array(
    z.object({
      point_id: z.number().int(),
      value: z.union([z.number(), z.string(), z.null()]),
      at: z.string().nullable(),
    }),
  ),
});
export type ScreenScadaAnswer = z.infer<typeof screenScadaAnswer>;
export const screenScadaPreviewQuery = z.object({ scada: z.coerce.number().int().positive() });

/** A map widget's located devices (as GET /map/devices) and the platform's basemap setting. */
export const screenMapAnswer = mapDevicesAnswer.extend({ config: mapConfig });
export type ScreenMapAnswer = z.infer<typeof screenMapAnswer>;
export const screenMapPreviewBody = z.strictObject({
  devices: z.array(z.number().int().positive()).max(CUSTOM_SCREEN_LIMITS.alarmDevices),
});

/** What an external link opens: the screen, read-only. */
export const sharedScreen = z.object({
  name: z.string(),
  version: z.number().int(),
  document: customScreenDocument,
});
export type SharedScreen = z.infer<typeof sharedScreen>;

/**
 * The answer of making a link (`share_token`: the only time the token is shown; the server keeps its
 * hash) or of revoking it (both null).
 */
export const customScreenShare = z.object({
  share_token: z.string().nullable(),
  shared_at: z.string().nullable(),
});
export type CustomScreenShare = z.infer<typeof customScreenShare>;
