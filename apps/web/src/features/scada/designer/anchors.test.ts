import type { Element, Page } from '@fleet/scada-model';
import { describe, expect, it } from 'vitest';
import { anchorsOf, snapToAnchor, withEndAt } from './anchors';

const pump = (x: number, y: number, rotation = 0): Element => ({
  kind: 'symbol',
  symbol: 'builtin:pump-centrifugal',
  frame: { x, y, w: 80, h: 80, rotation },
});
const tank: Element = {
  kind: 'rectangle',
  frame: { x: 300, y: 100, w: 60, h: 100, rotation: 0 },
  fill: '#ccc',
  stroke: 'none',
  strokeWidth: 0,
};
const pipe: Extract<Element, { kind: 'pipe' }> = {
  kind: 'pipe',
  frame: { x: 100, y: 100, w: 100, h: 40, rotation: 0 },
  stroke: '#333',
  strokeWidth: 8,
  points: [
    { x: 0, y: 0 },
    { x: 50, y: 0 },
    { x: 50, y: 40 },
    { x: 100, y: 40 },
  ],
  liquid: '#1677ff',
  flow: 'forward',
};
const page: Page = {
  name: 'p',
  canvas: { w: 800, h: 600, background: '#fff' },
  elements: { pump: pump(0, 0), tank, pipe },
  order: ['pump', 'tank', 'pipe'],
};

describe('pipe anchors', () => {
  it("are a built-in symbol's declared inlet and outlet, or a shape's side middles", () => {
    expect(anchorsOf(pump(0, 0))).toEqual([
      { x: 4, y: 38.4 },
      { x: 76, y: 24 },
    ]);
    expect(anchorsOf(tank)).toEqual([
      { x: 330, y: 100 },
      { x: 360, y: 150 },
      { x: 330, y: 200 },
      { x: 300, y: 150 },
    ]);
  });

  it('turn with their element', () => {
    const [inlet] = anchorsOf(pump(0, 0, 180));
    expect(inlet!.x).toBeCloseTo(76);
    expect(inlet!.y).toBeCloseTo(41.6);
  });

  it('catch a pipe end within the threshold, the nearest one first, never the pipe itself', () => {
    expect(snapToAnchor({ x: 80, y: 20 }, page, 'pipe', 12)).toEqual({ x: 76, y: 24, anchored: true });
    expect(snapToAnchor({ x: 295, y: 149 }, page, 'pipe', 12)).toEqual({ x: 300, y: 150, anchored: true });
    expect(snapToAnchor({ x: 200.4, y: 60.6 }, page, 'pipe', 12)).toEqual({ x: 200, y: 61, anchored: false });
    // The pipe's own frame middles are not destinations.
    expect(snapToAnchor({ x: 150, y: 101 }, page, 'pipe', 12).anchored).toBe(false);
  });

  it('move one end, keep the other joints where they are and reframe the pipe around them', () => {
    const moved = withEndAt(pipe, 'start', { x: 76, y: 24 });
    expect(moved.frame).toEqual({ x: 76, y: 24, w: 124, h: 116 });
    const absolute = moved.points.map((p) => ({ x: p.x + moved.frame.x, y: p.y + moved.frame.y }));
    expect(absolute).toEqual([
      { x: 76, y: 24 },
      { x: 150, y: 100 },
      { x: 150, y: 140 },
      { x: 200, y: 140 },
    ]);
  });
});
