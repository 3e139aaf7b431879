/**
 * DTU heartbeat configuration (SPEC 5 gateway parameters):
 * - content: plain text (sent as its UTF-8 bytes) or hex with a `0x` prefix, e.g. `0xFE01`
 *   (an even number of hex digits, no spaces); at most 64 bytes
 * - interval: seconds, default 120, 0 turns heartbeats off (suggested 60-300, accepted 0-86400)
 * - offline after 3 missed heartbeats
 */
import { CONTROL_MAGIC } from './control-frame.js';

export const DEFAULT_HEARTBEAT_INTERVAL_S = 120;
export const MAX_HEARTBEAT_INTERVAL_S = 86_400;
export const MAX_HEARTBEAT_BYTES = 64;
export const MISSED_HEARTBEATS_OFFLINE = 3;

export type HeartbeatContent =
  | { ok: true; bytes: Uint8Array; kind: 'text' | 'hex' }
  | { ok: false; error: string };

export function parseHeartbeatContent(content: string): HeartbeatContent {
  if (typeof content !== 'string' || content.length === 0)
    return { ok: false, error: 'heartbeat content is empty' };
  if (/^0[xX]/.test(content)) {
    const digits = content.slice(2);
    if (digits.length === 0) return { ok: false, error: 'hex heartbeat has no digits after 0x' };
    if (!/^[0-9a-fA-F]+$/.test(digits))
      return { ok: false, error: 'hex heartbeat may contain only 0-9 and A-F after 0x' };
    if (digits.length % 2 !== 0) return { ok: false, error: 'hex heartbeat needs an even number of digits' };
    const bytes = Uint8Array.from(Buffer.from(digits, 'hex'));
    if (bytes.length > MAX_HEARTBEAT_BYTES)
      return { ok: false, error: `heartbeat longer than ${MAX_HEARTBEAT_BYTES} bytes` };
    // Those bytes open a control frame on the DTU link (control-frame.ts): a heartbeat may not.
    if (CONTROL_MAGIC.every((b, i) => bytes[i] === b))
      return { ok: false, error: 'heartbeat may not begin with 00FC4346 (the DTU control frame marker)' };
    return { ok: true, bytes, kind: 'hex' };
  }
  const bytes = new TextEncoder().encode(content);
  if (bytes.length > MAX_HEARTBEAT_BYTES)
    return { ok: false, error: `heartbeat longer than ${MAX_HEARTBEAT_BYTES} bytes` };
  return { ok: true, bytes, kind: 'text' };
}

/** Canonical text for a heartbeat (hex in upper case with 0x when not printable ASCII). */
export function formatHeartbeatContent(bytes: Uint8Array): string {
  const printable =
    bytes.length > 0 &&
    bytes.every((c) => c >= 0x20 && c <= 0x7e) &&
    !/^0[xX]/.test(String.fromCharCode(...bytes));
  return printable ? String.fromCharCode(...bytes) : `0x${Buffer.from(bytes).toString('hex').toUpperCase()}`;
}

/** Interval in seconds: undefined/null -> 120; integer 0-86400; 0 = off. */
export function parseHeartbeatInterval(
  value: unknown,
): { ok: true; seconds: number } | { ok: false; error: string } {
  if (value === undefined || value === null || value === '')
    return { ok: true, seconds: DEFAULT_HEARTBEAT_INTERVAL_S };
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_HEARTBEAT_INTERVAL_S)
    return {
      ok: false,
      error: `heartbeat interval must be an integer 0-${MAX_HEARTBEAT_INTERVAL_S} seconds`,
    };
  return { ok: true, seconds: n };
}

/**
 * When the device counts as offline if nothing more is heard: last seen + missed * interval.
 * null when heartbeats are off (interval 0): then only the connection closing makes it offline.
 */
export function offlineDeadline(
  lastSeenMs: number,
  intervalS: number,
  missed = MISSED_HEARTBEATS_OFFLINE,
): number | null {
  if (!(intervalS > 0)) return null;
  return lastSeenMs + missed * intervalS * 1000;
}

/** Pure: is the device offline at `nowMs` given when it was last heard from? */
export function isOffline(
  lastSeenMs: number,
  intervalS: number,
  nowMs: number,
  missed = MISSED_HEARTBEATS_OFFLINE,
): boolean {
  const deadline = offlineDeadline(lastSeenMs, intervalS, missed);
  return deadline !== null && nowMs > deadline;
}
