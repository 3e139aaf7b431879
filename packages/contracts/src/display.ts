import type { TranslateItem } from './datapoint.js';

/**
 * SPEC 4 value translation: the first matching range gives its text (equal when lolmt equals uplmt,
 * otherwise lolmt <= value < uplmt). If none matches, the raw value (or nothing) is shown: null here.
 */
export function translateValue(
  value: number | null | undefined,
  items: readonly TranslateItem[] | undefined,
) {
  if (value === null || value === undefined || Number.isNaN(value) || !items) return null;
  for (const { range, text } of items) {
    const { lolmt, uplmt } = range;
    if (lolmt === null || uplmt === null) continue;
    if (lolmt === uplmt ? value === lolmt : lolmt <= value && value < uplmt) return text;
  }
  return null;
}

export interface Threshold {
  lolmt?: number | null;
  uplmt?: number | null;
}

/** SPEC 3: a trigger threshold is an object or a JSON string holding lolmt and uplmt. */
export function parseThreshold(raw: unknown): Threshold {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object') return {};
  const { lolmt, uplmt } = value as Record<string, unknown>;
  const num = (v: unknown) =>
    v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
  return { lolmt: num(lolmt), uplmt: num(uplmt) };
}

const OPERATORS: Record<number, string> = { 1: '>', 2: '>=', 3: '<', 4: '<=', 5: '=' };

/**
 * SPEC 4 threshold display. Types 1-5 compare with one limit (the upper for 1 and 2, the lower for 3
 * and 4, as set by the form; whichever is present is shown); 6 (inside range alarm) and 7 (outside
 * range alarm) show 'lower ~ upper', empty when either limit is missing.
 */
export function thresholdText(optype: number, raw: unknown): string {
  const { lolmt, uplmt } = parseThreshold(raw);
  if (optype === 6 || optype === 7) {
    if (lolmt === null || lolmt === undefined || uplmt === null || uplmt === undefined) return '';
    return `${lolmt} ~ ${uplmt}`;
  }
  const op = OPERATORS[optype];
  if (!op) return '';
  const limit = optype === 3 || optype === 4 ? (lolmt ?? uplmt) : (uplmt ?? lolmt);
  return limit === null || limit === undefined ? '' : `${op} ${limit}`;
}
