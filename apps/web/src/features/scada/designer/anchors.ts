import { type Element, getSymbol, type Page } from '@fleet/scada-model';

export interface Point {
  x: number;
  y: number;
}

/** Elements a pipe or line connects to; pipes and lines themselves are not destinations. */
const CONNECTS = (el: Element) => el.kind !== 'pipe' && el.kind !== 'line' && !el.hidden;

/** `p` turned by the element's rotation (degrees) about its frame's centre, as the runtime draws it. */
function rotated(el: Element, p: Point): Point {
  const { x, y, w, h, rotation } = el.frame;
  if (!rotation) return p;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = (rotation * Math.PI) / 180;
  const dx = p.x - cx;
  const dy = p.y - cy;
  return { x: cx + dx * Math.cos(r) - dy * Math.sin(r), y: cy + dx * Math.sin(r) + dy * Math.cos(r) };
}

/**
 * The points of an element a pipe end snaps to, in page coordinates: a built-in symbol's declared
 * anchors (inlet, outlet, shaft...), otherwise the middles of its frame's four sides.
 */
export function anchorsOf(el: Element): Point[] {
  const { x, y, w, h } = el.frame;
  const declared = el.kind === 'symbol' ? getSymbol(el.symbol.replace(/^builtin:/, ''))?.anchors : undefined;
  const relative =
    declared && declared.length > 0
      ? declared.map((a) => ({ x: a.x, y: a.y }))
      : [
          { x: 0.5, y: 0 },
          { x: 1, y: 0.5 },
          { x: 0.5, y: 1 },
          { x: 0, y: 0.5 },
        ];
  return relative.map((a) => rotated(el, { x: x + a.x * w, y: y + a.y * h }));
}

/** The anchor nearest to `p` within `threshold` (page pixels) of any other element, or `p` itself. */
export function snapToAnchor(
  p: Point,
  page: Page,
  exclude: string,
  threshold: number,
): Point & { anchored: boolean } {
  let best: Point | null = null;
  let bestDistance = threshold;
  for (const id of page.order) {
    const el = page.elements[id];
    if (!el || id === exclude || !CONNECTS(el)) continue;
    for (const a of anchorsOf(el)) {
      const d = Math.hypot(a.x - p.x, a.y - p.y);
      if (d <= bestDistance) {
        best = a;
        bestDistance = d;
      }
    }
  }
  return best
    ? { x: Math.round(best.x), y: Math.round(best.y), anchored: true }
    : { x: Math.round(p.x), y: Math.round(p.y), anchored: false };
}

/**
 * A pipe's or line's joints with one end moved to `end` (page coordinates): the new frame around all
 * joints and the joints relative to it, as the model stores them.
 */
export function withEndAt(
  el: Extract<Element, { kind: 'pipe' | 'line' }>,
  which: 'start' | 'end',
  end: Point,
): { frame: { x: number; y: number; w: number; h: number }; points: Point[] } {
  const absolute = el.points.map((p) => ({ x: el.frame.x + p.x, y: el.frame.y + p.y }));
  absolute[which === 'start' ? 0 : absolute.length - 1] = end;
  const x = Math.min(...absolute.map((p) => p.x));
  const y = Math.min(...absolute.map((p) => p.y));
  const w = Math.max(1, Math.max(...absolute.map((p) => p.x)) - x);
  const h = Math.max(1, Math.max(...absolute.map((p) => p.y)) - y);
  return {
    frame: { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) },
    points: absolute.map((p) => ({ x: Math.round(p.x - x), y: Math.round(p.y - y) })),
  };
}
