import type { Command, Element, Page } from '@fleet/scada-model';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The bounding box of frames (rotation ignored: snapping and aligning use the unrotated frame). */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A guide line drawn while snapping: vertical at `x` (axis 'x') or horizontal at `y`. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

export interface SnapOptions {
  /** Other elements' frames: their edges and centres attract. */
  others: readonly Box[];
  /** 0: no grid snapping. */
  grid: number;
  /** In canvas pixels (the stage divides the screen threshold by the zoom). */
  threshold: number;
  /** The canvas itself attracts like an element (its edges and centre). */
  canvas?: Box;
}

const lines = (b: Box, axis: 'x' | 'y') =>
  axis === 'x' ? [b.x, b.x + b.w / 2, b.x + b.w] : [b.y, b.y + b.h / 2, b.y + b.h];

/**
 * Where a box moved by (dx, dy) should land: each axis snaps to the nearest edge or centre of another
 * element (or the canvas) within the threshold, else to the grid. Returns the corrected move and the
 * guide lines to draw.
 */
export function snapMove(
  box: Box,
  dx: number,
  dy: number,
  options: SnapOptions,
): { dx: number; dy: number; guides: Guide[] } {
  const moved = { ...box, x: box.x + dx, y: box.y + dy };
  const targets = options.canvas ? [...options.others, options.canvas] : options.others;
  const guides: Guide[] = [];
  const out = { dx, dy };
  for (const axis of ['x', 'y'] as const) {
    const mine = lines(moved, axis);
    let best: { delta: number; at: number } | null = null;
    for (const other of targets) {
      for (const at of lines(other, axis)) {
        for (const m of mine) {
          const delta = at - m;
          if (Math.abs(delta) <= options.threshold && (!best || Math.abs(delta) < Math.abs(best.delta)))
            best = { delta, at };
        }
      }
    }
    const key = axis === 'x' ? 'dx' : 'dy';
    if (best) {
      out[key] += best.delta;
      const snapped = { ...moved, [axis]: moved[axis] + best.delta };
      // The guide spans the moved box and every box touching the line.
      let from = axis === 'x' ? snapped.y : snapped.x;
      let to = axis === 'x' ? snapped.y + snapped.h : snapped.x + snapped.w;
      for (const other of targets) {
        if (!lines(other, axis).some((v) => Math.abs(v - best.at) < 0.5)) continue;
        from = Math.min(from, axis === 'x' ? other.y : other.x);
        to = Math.max(to, axis === 'x' ? other.y + other.h : other.x + other.w);
      }
      guides.push({ axis, at: best.at, from, to });
    } else if (options.grid > 0) {
      const start = axis === 'x' ? moved.x : moved.y;
      out[key] += Math.round(start / options.grid) * options.grid - start;
    }
  }
  return { ...out, guides };
}

/** A value snapped to the grid (0: unchanged). */
export const snapValue = (v: number, grid: number) => (grid > 0 ? Math.round(v / grid) * grid : v);

export type AlignMode = 'left' | 'hcenter' | 'right' | 'top' | 'vcenter' | 'bottom';

const frameOf = (page: Page, id: string): Box => (page.elements[id] as Element).frame;

/** Moves that align the selection's frames on its bounding box (one moveElements per element). */
export function alignCommands(
  pageId: string,
  page: Page,
  ids: readonly string[],
  mode: AlignMode,
): Command[] {
  const boxes = ids.map((id) => frameOf(page, id));
  const all = boundsOf(boxes);
  if (!all || ids.length < 2) return [];
  const out: Command[] = [];
  ids.forEach((id, i) => {
    const b = boxes[i]!;
    let dx = 0;
    let dy = 0;
    if (mode === 'left') dx = all.x - b.x;
    if (mode === 'right') dx = all.x + all.w - (b.x + b.w);
    if (mode === 'hcenter') dx = all.x + all.w / 2 - (b.x + b.w / 2);
    if (mode === 'top') dy = all.y - b.y;
    if (mode === 'bottom') dy = all.y + all.h - (b.y + b.h);
    if (mode === 'vcenter') dy = all.y + all.h / 2 - (b.y + b.h / 2);
    if (dx !== 0 || dy !== 0) out.push({ type: 'moveElements', page: pageId, ids: [id], dx, dy });
  });
  return out;
}

/** Moves that space three or more frames evenly (equal gaps) between the outermost two. */
export function distributeCommands(
  pageId: string,
  page: Page,
  ids: readonly string[],
  axis: 'x' | 'y',
): Command[] {
  if (ids.length < 3) return [];
  const pos = (b: Box) => (axis === 'x' ? b.x : b.y);
  const size = (b: Box) => (axis === 'x' ? b.w : b.h);
  const sorted = ids.map((id) => ({ id, b: frameOf(page, id) })).sort((a, b) => pos(a.b) - pos(b.b));
  const first = sorted[0]!.b;
  const last = sorted.at(-1)!.b;
  const span = pos(last) + size(last) - pos(first);
  const used = sorted.reduce((n, s) => n + size(s.b), 0);
  const gap = (span - used) / (sorted.length - 1);
  const out: Command[] = [];
  let at = pos(first);
  for (const s of sorted) {
    const d = at - pos(s.b);
    if (Math.abs(d) > 1e-9)
      out.push({
        type: 'moveElements',
        page: pageId,
        ids: [s.id],
        dx: axis === 'x' ? d : 0,
        dy: axis === 'y' ? d : 0,
      });
    at += size(s.b) + gap;
  }
  return out;
}
