import { type TranslateItem, translateValue } from '@fleet/contracts';
import { type CompiledExpression, compileExpression, type ExprValue } from '../expression/index.js';
import type { Binding, Scalar, ValueMap } from '../schema/index.js';
import { isColor } from '../schema/index.js';

/** What bindings can change on an element. Absent = keep the element's own (static) style. */
export interface Visual {
  fill?: string;
  stroke?: string;
  visible?: boolean;
  /** Degrees, added by the renderer to the frame's rotation. */
  rotation?: number;
  blink?: boolean;
  text?: string;
  /** Fill level 0..1 of a tank, gauge bar or symbol part that declares it. */
  level?: number;
  flow?: 'off' | 'forward' | 'reverse';
}

/** What the runtime knows about the bound point: its unit and SPEC 4 translation table. */
export interface PointInfo {
  unit?: string | null;
  translate?: readonly TranslateItem[] | null;
}

/** Numbers as they are, booleans as 0/1, numeric strings parsed; anything else NaN. */
export function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return Number(v);
  return v.trim() === '' ? Number.NaN : Number(v);
}

const truthy = (v: Scalar) => (typeof v === 'string' ? v !== '' && v !== '0' : toNumber(v) !== 0);

/**
 * The point's value as an operator reads it: SPEC 4 translation first (first matching range gives its
 * text: equal when lolmt == uplmt, else lolmt <= value < uplmt), else the raw value with `decimals`
 * and the point's unit. Shared by text maps and by any renderer that shows a value.
 */
export function formatPointValue(
  value: Scalar,
  point: PointInfo | undefined,
  options: { translate?: boolean; unit?: boolean; decimals?: number } = {},
): string {
  const n = toNumber(value);
  if (options.translate !== false && typeof value !== 'string' && !Number.isNaN(n)) {
    const text = translateValue(n, point?.translate ?? undefined);
    if (text !== null) return text;
  }
  let raw = String(value);
  if (typeof value === 'number' && options.decimals !== undefined) raw = value.toFixed(options.decimals);
  return options.unit !== false && point?.unit ? `${raw} ${point.unit}` : raw;
}

// Compiled expressions by source: the runtime evaluates the same few expressions on every update.
const compiled = new Map<string, CompiledExpression>();
function expression(source: string): CompiledExpression {
  let c = compiled.get(source);
  if (!c) {
    if (compiled.size >= 1000) compiled.clear();
    c = compileExpression(source);
    compiled.set(source, c);
  }
  return c;
}

function fromExpression(prop: Extract<ValueMap, { kind: 'expression' }>['prop'], out: ExprValue): Visual {
  if (out === null) return {};
  switch (prop) {
    case 'fill':
    case 'stroke':
      return isColor(out) ? { [prop]: out } : {};
    case 'text':
      return { text: String(out) };
    case 'visible':
    case 'blink':
      return { [prop]: truthy(out) };
    case 'rotation':
    case 'level': {
      const n = toNumber(out);
      if (!Number.isFinite(n)) return {};
      return prop === 'level' ? { level: Math.min(1, Math.max(0, n)) } : { rotation: n };
    }
  }
}

function discreteMatch(equals: Scalar, value: Scalar): boolean {
  if (typeof equals === 'string' || typeof value === 'string') return String(equals) === String(value);
  return toNumber(equals) === toNumber(value);
}

/**
 * Turns one binding and its point's current value into visual properties. Pure and total: a missing
 * value (null: no reading yet, or the device is offline) changes nothing, so the renderer shows the
 * element's static style (and may grey it as stale); a value a map cannot use also changes nothing.
 */
export function evaluateBinding(
  binding: Binding,
  value: Scalar | null | undefined,
  point?: PointInfo,
): Visual {
  // NaN is what a failed decode looks like: treat it as no value rather than showing "NaN".
  if (value === null || value === undefined || Number.isNaN(value)) return {};
  const map = binding.map;
  const n = toNumber(value);
  switch (map.kind) {
    case 'threshold': {
      if (Number.isNaN(n)) return {};
      let hit: (typeof map.stops)[number] | undefined;
      for (const stop of map.stops) if (stop.at <= n) hit = stop;
      if (!hit) return { [map.prop]: map.below };
      return hit.blink ? { [map.prop]: hit.color, blink: true } : { [map.prop]: hit.color };
    }
    case 'discrete': {
      const hit = map.cases.find((c) => discreteMatch(c.equals, value)) ?? map.otherwise;
      if (!hit) return {};
      const { equals: _equals, ...visual } = hit as typeof hit & { equals?: Scalar };
      return visual;
    }
    case 'linear': {
      if (Number.isNaN(n)) return {};
      const [a, b] = map.from;
      const [c, d] = map.to;
      const t = Math.min(1, Math.max(0, (n - a) / (b - a)));
      return { [map.prop]: c + t * (d - c) };
    }
    case 'boolean': {
      const on = truthy(value) !== map.invert;
      return map.prop === 'flow' ? { flow: on ? 'forward' : 'off' } : { [map.prop]: on };
    }
    case 'flow':
      if (Number.isNaN(n)) return {};
      return { flow: n > map.deadband ? 'forward' : n < -map.deadband ? 'reverse' : 'off' };
    case 'text':
      return { text: `${map.prefix ?? ''}${formatPointValue(value, point, map)}${map.suffix ?? ''}` };
    case 'expression':
      return fromExpression(map.prop, expression(map.expression).evaluate(value));
  }
}

/** Applies an element's bindings in order; a later binding wins where two set the same property. */
export function evaluateBindings(
  bindings: readonly Binding[] | undefined,
  lookup: (binding: Binding) => { value: Scalar | null | undefined; point?: PointInfo },
): Visual {
  const out: Visual = {};
  for (const binding of bindings ?? []) {
    const { value, point } = lookup(binding);
    Object.assign(out, evaluateBinding(binding, value, point));
  }
  return out;
}
