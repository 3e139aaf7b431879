import type { DataPointRow, DataStream, TelemetryValue, TranslateItem } from '@fleet/contracts';
import { translateValue } from '@fleet/contracts';

/** Most points one history query may name (docs/api-pipeline.md: point_ids 1-20). */
export const MAX_HISTORY_POINTS = 20;
/** How many points the page picks by itself when none is named. */
export const DEFAULT_POINT_COUNT = 4;

/** What the history screens need to know of a point: its names, unit and SPEC 4 translation. */
export interface PointMeta {
  point_id: number;
  name: string;
  title: string;
  slave_id: number | null;
  unit: string;
  data_type: string;
  storage_mode: number;
  stored_count: number;
  decimals: number | null;
  translate: readonly TranslateItem[];
}

const NON_NUMERIC = new Set(['string', 'var']);
export const isNumericType = (dataType: string) => !NON_NUMERIC.has(dataType);

/**
 * The data streams (GET /device/dss) joined with the point configuration (GET /device/{id}/datapoint,
 * which carries the translations and decimals; absent when the caller may not read it).
 */
export function pointMetas(
  streams: readonly DataStream[],
  config: readonly DataPointRow[] | undefined,
): PointMeta[] {
  const byId = new Map((config ?? []).map((p) => [p.id, p]));
  return streams.map((s) => {
    const p = byId.get(s.point_id);
    return {
      point_id: s.point_id,
      name: s.name,
      title: s.title,
      slave_id: s.slave_id,
      unit: s.unit,
      data_type: s.data_type,
      storage_mode: s.storage_mode,
      stored_count: s.stored_count,
      decimals: p?.decimals ?? null,
      translate: p?.ds_config.translate ?? [],
    };
  });
}

/** The label of a point: its title, else its name. */
export const pointLabel = (p: { title: string; name: string }) => p.title || p.name;

/** Default selection: the first few stored numeric points, those with history first. */
export function defaultPointIds(metas: readonly PointMeta[], count = DEFAULT_POINT_COUNT): number[] {
  const candidates = metas.filter((m) => m.storage_mode !== 0 && isNumericType(m.data_type));
  const withData = candidates.filter((m) => m.stored_count > 0);
  const rest = candidates.filter((m) => m.stored_count === 0);
  return [...withData, ...rest].slice(0, count).map((m) => m.point_id);
}

/** Keeps the ids that belong to the device (in the order given), at most MAX_HISTORY_POINTS. */
export function validPointIds(ids: readonly number[], metas: readonly PointMeta[]): number[] {
  const known = new Set(metas.map((m) => m.point_id));
  return [...new Set(ids)].filter((id) => known.has(id)).slice(0, MAX_HISTORY_POINTS);
}

/** A number with the point's decimals (when known), without trailing noise of float sums. */
export function formatNumber(value: number, decimals: number | null | undefined): string {
  if (!Number.isFinite(value)) return String(value);
  if (decimals !== null && decimals !== undefined)
    return value.toFixed(Math.min(Math.max(Math.trunc(decimals), 0), 10));
  return String(Number(value.toPrecision(12)));
}

export interface ValueView {
  /** What the cell or tooltip shows: the translation, else the number. */
  text: string;
  /** The raw value, when a translation replaced it. */
  raw: string | null;
  translated: boolean;
}

/** SPEC 4: a stored value as shown, with its translation when a range of the point matches. */
export function valueView(
  value: TelemetryValue | undefined,
  meta: Pick<PointMeta, 'translate' | 'decimals'> | undefined,
): ValueView | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { text: value, raw: null, translated: false };
  const number = formatNumber(value, meta?.decimals);
  const translated = translateValue(value, meta?.translate);
  if (translated !== null) return { text: translated, raw: number, translated: true };
  return { text: number, raw: null, translated: false };
}
