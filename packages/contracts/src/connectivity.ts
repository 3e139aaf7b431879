import { z } from 'zod';
import { queryTime } from './accounts.js';
import { listQuery } from './envelope.js';

/** Connectivity API (docs/api-pipeline.md "Connectivity"): online/offline log and signal quality. */

const id = z.coerce.number().int().positive();

export const PRESENCE_VIAS = ['mqtt', 'dtu', 'http'] as const;
export const OFFLINE_REASONS = ['closed', 'heartbeat', 'replaced', 'kicked', 'silent', 'shutdown'] as const;

/** GET /device/onofflinelog */
export const onofflineLogQuery = listQuery.extend({
  device_id: id.optional(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
  /** Device title or IMEI contains. */
  search: z.string().trim().max(64).optional(),
});
export type OnofflineLogQuery = z.infer<typeof onofflineLogQuery>;

export const onofflineLogRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_title: z.string(),
  device_imei: z.string(),
  /** 1 online, 0 offline. */
  status: z.number().int(),
  via: z.string(),
  /** Why it went offline ('' when online): closed, heartbeat, replaced, kicked, silent, shutdown. */
  reason: z.string(),
  remote_address: z.string(),
  at: z.string(),
});
export type OnofflineLogRow = z.infer<typeof onofflineLogRow>;

/** GET /device/csq/{id}; default range: the last 24 hours. */
export const csqQuery = z.object({
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
});
export type CsqQuery = z.infer<typeof csqQuery>;

export const CSQ_LEVELS = ['none', 'weak', 'fair', 'good', 'excellent'] as const;
export type CsqLevel = (typeof CSQ_LEVELS)[number];

/** 99/null none, 0-9 weak, 10-14 fair, 15-19 good, 20-31 excellent. */
export function csqLevel(csq: number | null): CsqLevel {
  if (csq === null || csq === 99 || csq < 0 || csq > 31) return 'none';
  if (csq <= 9) return 'weak';
  if (csq <= 14) return 'fair';
  if (csq <= 19) return 'good';
  return 'excellent';
}

export const csqReport = z.object({
  csq: z.number().int().nullable(),
  /** Time of the latest signal row, null when the device never reported one. */
  at: z.string().nullable(),
  level: z.enum(CSQ_LEVELS),
  history: z.array(z.object({ csq: z.number().int(), at: z.string() })),
});
export type CsqReport = z.infer<typeof csqReport>;

/** POST /ingest/{imei} (device-facing HTTP ingest): readings stored and names that are no point. */
export const ingestResult = z.object({
  accepted: z.number().int(),
  unknown: z.array(z.string()),
});
export type IngestResult = z.infer<typeof ingestResult>;

/**
 * How a device reaches the platform, as the UI shows it in hints (docs/protocols.md; the MQTT topics are
 * built by @fleet/protocols deviceTopic, the HTTP route by the server's ingest module). A test in the web
 * app holds these to the document and to @fleet/protocols.
 */
export const DEVICE_ENDPOINTS = {
  /** MQTT topic a device publishes its telemetry to. */
  mqttUpTopic: 'd/{imei}/up',
  /** HTTP ingest path (device-facing). */
  httpIngestPath: '/api/v1/ingest/{imei}',
  /** Header carrying the device's HTTP key. */
  httpKeyHeader: 'X-Device-Key',
} as const;
