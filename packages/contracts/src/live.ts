import { z } from 'zod';
import { telemetryValue } from './telemetry.js';

/**
 * The live channel `/wss` (docs/api-live.md): text frames `type,deviceId,payload` both ways.
 * The payload is everything after the second comma, so it may itself contain commas (JSON).
 */

/** Server -> client: live data, online/offline, alarm, heartbeat answer, error. */
export const LIVE_SERVER_TYPES = ['LD', 'OL', 'AL', 'HB', 'ERR'] as const;
export type LiveServerType = (typeof LIVE_SERVER_TYPES)[number];

/** Client -> server: authenticate, heartbeat, narrow / widen the LD stream. */
export const LIVE_CLIENT_TYPES = ['AUTH', 'HB', 'SUB', 'UNSUB'] as const;
export type LiveClientType = (typeof LIVE_CLIENT_TYPES)[number];

/** Close code for a missing, bad, expired or revoked token. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** Close code after too many malformed messages. */
export const LIVE_CLOSE_POLICY = 4400;
/** The client sends HB this often (SPEC 4). */
export const LIVE_HEARTBEAT_MS = 10_000;

/** One point value of an LD message. */
export const liveReading = z.object({
  point_id: z.number().int(),
  name: z.string(),
  slave_id: z.number().int().nullable(),
  value: telemetryValue,
  /** ISO time of the reading. */
  at: z.string(),
});
export type LiveReading = z.infer<typeof liveReading>;
export const liveDataPayload = z.array(liveReading);

/** OL: a device went online (1) or offline (0). */
export const liveOnlinePayload = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  via: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type LiveOnline = z.infer<typeof liveOnlinePayload>;

/** AL: an alarm raised or recovered (the alarm engine fills it; fields beyond these pass through). */
export const liveAlarmPayload = z.looseObject({
  alarm_type: z.number().int(),
  point_id: z.number().int().nullable().optional(),
  value: telemetryValue.optional(),
  message: z.string().optional(),
  at: z.string(),
});
export type LiveAlarm = z.infer<typeof liveAlarmPayload>;

/** SUB / UNSUB payload: device ids. */
export const liveDeviceIds = z.array(z.number().int().positive()).max(5000);

export interface LiveFrame {
  type: string;
  deviceId: number;
  payload: string;
}

/** `type,deviceId,payload`. */
export function formatLiveFrame(type: string, deviceId: number, payload: string): string {
  return `${type},${deviceId},${payload}`;
}

/** Splits a frame at its first two commas; null when it is not `TYPE,<integer>,...`. */
export function parseLiveFrame(text: string): LiveFrame | null {
  const first = text.indexOf(',');
  if (first <= 0) return null;
  const second = text.indexOf(',', first + 1);
  if (second < 0) return null;
  const type = text.slice(0, first);
  const idText = text.slice(first + 1, second);
  if (!/^[A-Z]{1,8}$/.test(type) || !/^\d{1,15}$/.test(idText)) return null;
  return { type, deviceId: Number(idText), payload: text.slice(second + 1) };
}

/** A parsed server event, as the browser client hands it to listeners. */
export type LiveEvent =
  | { type: 'LD'; deviceId: number; data: LiveReading[] }
  | { type: 'OL'; deviceId: number; data: LiveOnline }
  | { type: 'AL'; deviceId: number; data: LiveAlarm }
  | { type: 'HB'; deviceId: 0; data: number }
  | { type: 'ERR'; deviceId: 0; data: string };

/** A server frame checked against the schemas; null for anything malformed or unknown. */
export function parseLiveEvent(text: string): LiveEvent | null {
  const frame = parseLiveFrame(text);
  if (!frame) return null;
  const { type, deviceId, payload } = frame;
  if (type === 'HB') {
    const at = Number(payload);
    return Number.isFinite(at) ? { type, deviceId: 0, data: at } : null;
  }
  if (type === 'ERR') return { type, deviceId: 0, data: payload };
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  if (type === 'LD') {
    const parsed = liveDataPayload.safeParse(json);
    return parsed.success ? { type, deviceId, data: parsed.data } : null;
  }
  if (type === 'OL') {
    const parsed = liveOnlinePayload.safeParse(json);
    return parsed.success ? { type, deviceId, data: parsed.data } : null;
  }
  if (type === 'AL') {
    const parsed = liveAlarmPayload.safeParse(json);
    return parsed.success ? { type, deviceId, data: parsed.data } : null;
  }
  return null;
}
