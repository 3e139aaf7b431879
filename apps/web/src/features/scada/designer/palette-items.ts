import { type Element, getSymbol, type PointRef } from '@fleet/scada-model';

/** A point reference still to be chosen: listed as broken in the bindings until the engineer picks one. */
export const UNBOUND: PointRef = { by: 'name', name: '?' };
export const isUnbound = (ref: PointRef) => ref.by === 'name' && ref.name === '?';

const frame = (x: number, y: number, w: number, h: number) => ({
  x: Math.round(x - w / 2),
  y: Math.round(y - h / 2),
  w,
  h,
  rotation: 0,
});

export type BasicKey =
  | 'rectangle'
  | 'ellipse'
  | 'text'
  | 'image'
  | 'line'
  | 'pipe'
  | 'gauge'
  | 'trend'
  | 'button'
  | 'switch'
  | 'numericInput'
  | 'link';

export const BASIC_GROUPS: { group: 'shapes' | 'pipes' | 'controls'; items: BasicKey[] }[] = [
  { group: 'shapes', items: ['rectangle', 'ellipse', 'text', 'image'] },
  { group: 'pipes', items: ['line', 'pipe'] },
  { group: 'controls', items: ['gauge', 'trend', 'button', 'switch', 'numericInput', 'link'] },
];

/**
 * A new element of a palette entry, centred on (x, y). `key` is a basic kind, `builtin:<id>` or
 * `graphlib:<hash>`; `label` gives texts their first words in the user's language.
 */
export function newElement(
  key: string,
  x: number,
  y: number,
  label: (k: string) => string,
  firstPage: string,
): Element | null {
  const write = (how: { value: number } | { expression: string }) => ({
    point: UNBOUND,
    ...how,
    confirm: true,
  });
  if (key.startsWith('builtin:')) {
    const def = getSymbol(key.slice(8));
    if (!def) return null;
    return { kind: 'symbol', symbol: key, frame: frame(x, y, def.size.w, def.size.h) };
  }
  if (key.startsWith('image:'))
    return { kind: 'image', src: key.slice(6), fit: 'contain', frame: frame(x, y, 120, 120) };
  if (key.startsWith('graphlib:')) return { kind: 'symbol', symbol: key, frame: frame(x, y, 80, 80) };
  switch (key as BasicKey) {
    case 'rectangle':
      return {
        kind: 'rectangle',
        frame: frame(x, y, 120, 80),
        fill: '#d9d9d9',
        stroke: '#595959',
        strokeWidth: 2,
      };
    case 'ellipse':
      return {
        kind: 'ellipse',
        frame: frame(x, y, 100, 100),
        fill: '#d9d9d9',
        stroke: '#595959',
        strokeWidth: 2,
      };
    case 'text':
      return {
        kind: 'text',
        frame: frame(x, y, 160, 32),
        text: label('text'),
        color: '#262626',
        fontSize: 18,
        align: 'center',
      };
    case 'image':
      return null; // chosen from the graph library (an /upload/ path), see the palette
    case 'line':
      return {
        kind: 'line',
        frame: frame(x, y, 160, 1),
        stroke: '#595959',
        strokeWidth: 2,
        points: [
          { x: 0, y: 0 },
          { x: 160, y: 0 },
        ],
        arrow: 'end',
      };
    case 'pipe':
      return {
        kind: 'pipe',
        frame: frame(x, y, 200, 80),
        stroke: '#595959',
        strokeWidth: 12,
        liquid: '#69b1ff',
        flow: 'forward',
        points: [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 100, y: 80 },
          { x: 200, y: 80 },
        ],
      };
    case 'gauge':
      return {
        kind: 'gauge',
        frame: frame(x, y, 140, 140),
        style: 'dial',
        point: UNBOUND,
        min: 0,
        max: 100,
        decimals: 1,
      };
    case 'trend':
      return {
        kind: 'trend',
        frame: frame(x, y, 360, 200),
        series: [{ point: UNBOUND, color: '#1677ff' }],
        windowSeconds: 600,
      };
    case 'button':
      return {
        kind: 'button',
        frame: frame(x, y, 120, 40),
        label: label('button'),
        write: write({ value: 1 }),
      };
    case 'switch':
      return {
        kind: 'switch',
        frame: frame(x, y, 120, 40),
        onLabel: label('on'),
        offLabel: label('off'),
        write: write({ expression: 'value == 1 ? 0 : 1' }),
      };
    case 'numericInput':
      return {
        kind: 'numericInput',
        frame: frame(x, y, 140, 40),
        min: 0,
        max: 100,
        step: 1,
        write: write({ expression: 'value' }),
      };
    case 'link':
      return {
        kind: 'link',
        frame: frame(x, y, 140, 36),
        label: label('link'),
        to: { kind: 'page', page: firstPage },
      };
  }
  return null;
}

/**
 * Orthogonal routing of a pipe or line between two points: horizontal, vertical, horizontal, with
 * the turn half-way (points relative to the returned frame's corner).
 */
export function orthogonalRoute(a: { x: number; y: number }, b: { x: number; y: number }) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const mid = (a.x + b.x) / 2;
  const pts = [a, { x: mid, y: a.y }, { x: mid, y: b.y }, b].map((p) => ({
    x: Math.round(p.x - x),
    y: Math.round(p.y - y),
  }));
  const dedup = pts.filter((p, i) => i === 0 || p.x !== pts[i - 1]!.x || p.y !== pts[i - 1]!.y);
  return {
    frame: {
      x: Math.round(x),
      y: Math.round(y),
      w: Math.max(1, Math.abs(b.x - a.x)),
      h: Math.max(1, Math.abs(b.y - a.y)),
    },
    points: dedup.length >= 2 ? dedup : [pts[0]!, pts[3]!],
  };
}
