import type { DeviceDirectory, DirectoryPoint } from './directory.js';
import type { Reading, StoredReading } from './types.js';

/** What the pipeline remembers of one point between batches (mirrors its point_latest row). */
export interface PointState {
  deviceId: number;
  /** Latest reading; ts -Infinity when the point never reported. */
  ts: number;
  value: number | null;
  text: string | null;
  /** Last reading that went to history (null: none yet). */
  storedTs: number | null;
  storedValue: number | null;
  storedText: string | null;
}

/** A reading whose point is configured, with its value normalised. */
export interface AcceptedReading {
  reading: Reading;
  point: DirectoryPoint;
  value: number | string | null;
}

export interface HistoryRow {
  pointId: number;
  ts: number;
  value: number | null;
  text: string | null;
}

export interface BatchPlan {
  stored: StoredReading[];
  history: HistoryRow[];
  /** Index into `stored` of every history row, to clear `historied` on duplicates. */
  historyIndex: number[];
  /** New state of every point this batch touched (applied to memory only after commit). */
  states: Map<number, PointState>;
  /** Readings per device, for ingest_counters. */
  perDevice: Map<number, number>;
}

/** Latest timestamps PostgreSQL accepts and a device can sensibly send (year 1970 to 9999). */
const MAX_TS = 253_402_300_799_999;

/** Booleans become 0/1; anything that is not a finite number, string, boolean or null is refused. */
export function normaliseValue(value: unknown): { ok: true; value: number | string | null } | { ok: false } {
  if (value === null) return { ok: true, value: null };
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value } : { ok: false };
  if (typeof value === 'string') return { ok: true, value };
  return { ok: false };
}

export function validTimestamp(ts: unknown): ts is number {
  return typeof ts === 'number' && Number.isFinite(ts) && ts >= 0 && ts <= MAX_TS;
}

export function emptyState(deviceId: number): PointState {
  return {
    deviceId,
    ts: Number.NEGATIVE_INFINITY,
    value: null,
    text: null,
    storedTs: null,
    storedValue: null,
    storedText: null,
  };
}

/** SPEC 3 storage modes: 0 none, 1 timed, 2 on change beyond the tolerance. */
function goesToHistory(
  point: DirectoryPoint,
  state: PointState,
  ts: number,
  value: number | string,
): boolean {
  if (point.storageMode === 1) {
    if (state.storedTs === null || point.storageIntervalS <= 0) return true;
    return ts - state.storedTs >= point.storageIntervalS * 1000;
  }
  if (point.storageMode === 2) {
    if (state.storedTs === null) return true;
    if (typeof value === 'string') return state.storedText !== value;
    if (state.storedValue === null) return true;
    return Math.abs(value - state.storedValue) > point.tolerance;
  }
  return false;
}

/**
 * Decides, in arrival order, what each reading does: becomes the latest value (unless older than
 * it), goes to history by the point's storage mode. `stateOf` gives the state before this batch;
 * nothing here mutates it, so a failed transaction can be planned again from scratch.
 */
export function planBatch(
  accepted: readonly AcceptedReading[],
  stateOf: (pointId: number) => PointState,
): BatchPlan {
  const states = new Map<number, PointState>();
  const stored: StoredReading[] = [];
  const history: HistoryRow[] = [];
  const historyIndex: number[] = [];
  const perDevice = new Map<number, number>();

  for (const { reading, point, value } of accepted) {
    let state = states.get(point.id);
    if (!state) {
      const before = stateOf(point.id);
      // Spelled out rather than spread: one object shape, cheaper for thousands of points per batch.
      state = {
        deviceId: before.deviceId,
        ts: before.ts,
        value: before.value,
        text: before.text,
        storedTs: before.storedTs,
        storedValue: before.storedValue,
        storedText: before.storedText,
      };
      states.set(point.id, state);
    }
    state.deviceId = reading.deviceId;
    const ts = reading.ts;
    // Ties go to the later arrival: the same timestamp reported again is a correction.
    const latest = ts >= state.ts;
    if (latest) {
      state.ts = ts;
      state.value = typeof value === 'number' ? value : null;
      state.text = typeof value === 'string' ? value : null;
    }
    let historied = false;
    if (value !== null && goesToHistory(point, state, ts, value)) {
      historied = true;
      history.push({
        pointId: point.id,
        ts,
        value: typeof value === 'number' ? value : null,
        text: typeof value === 'string' ? value : null,
      });
      historyIndex.push(stored.length);
      // An out-of-order reading may go to history but does not move the comparison base back.
      if (state.storedTs === null || ts >= state.storedTs) {
        state.storedTs = ts;
        state.storedValue = typeof value === 'number' ? value : null;
        state.storedText = typeof value === 'string' ? value : null;
      }
    }
    stored.push({ deviceId: reading.deviceId, pointId: point.id, ts, value, historied, latest });
    perDevice.set(reading.deviceId, (perDevice.get(reading.deviceId) ?? 0) + 1);
  }
  return { stored, history, historyIndex, states, perDevice };
}

/**
 * Readings whose device and point are configured, with valid timestamps and values; the others
 * (a point deleted meanwhile, hostile or malformed input) are only counted.
 */
export async function acceptReadings(
  directory: DeviceDirectory,
  readings: readonly Reading[],
): Promise<{ accepted: AcceptedReading[]; dropped: number }> {
  const ids = new Set<number>();
  for (const r of readings) if (Number.isInteger(r.deviceId)) ids.add(r.deviceId);
  const devices = await directory.byIds([...ids]);
  const accepted: AcceptedReading[] = [];
  let dropped = 0;
  for (const reading of readings) {
    const point = devices.get(reading.deviceId)?.byId.get(reading.pointId);
    // A finite number (nearly every reading) needs no normalising object.
    const raw = reading.value;
    const normalised = typeof raw === 'number' && Number.isFinite(raw) ? null : normaliseValue(raw);
    if (!point || (normalised && !normalised.ok) || !validTimestamp(reading.ts)) {
      dropped += 1;
      continue;
    }
    const ts = Math.round(reading.ts);
    accepted.push({
      reading: ts === reading.ts ? reading : { ...reading, ts },
      point,
      value: normalised ? (normalised as { value: number | string | null }).value : (raw as number),
    });
  }
  return { accepted, dropped };
}
