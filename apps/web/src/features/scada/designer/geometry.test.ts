import { applyCommand, type Element, type Page, type ScadaDocument } from '@fleet/scada-model';
import { describe, expect, it } from 'vitest';
import { copySelection, idMaker, pasteCommands } from './clipboard';
import { alignCommands, distributeCommands, snapMove } from './geometry';

const rect = (x: number, y: number, w = 10, h = 10): Element => ({
  kind: 'rectangle',
  frame: { x, y, w, h, rotation: 0 },
  fill: '#ccc',
  stroke: 'none',
  strokeWidth: 0,
});
const doc = (): ScadaDocument => ({
  schemaVersion: 2,
  pages: {
    main: {
      name: 'Main',
      canvas: { w: 400, h: 300, background: '#eee' },
      elements: { a: rect(0, 0), b: rect(50, 20, 20, 20), c: rect(200, 100, 40, 10) },
      order: ['a', 'b', 'c'],
    },
    other: { name: 'Other', canvas: { w: 400, h: 300, background: '#eee' }, elements: {}, order: [] },
  },
  pageOrder: ['main', 'other'],
});
const frames = (p: Page) => Object.fromEntries(Object.entries(p.elements).map(([k, e]) => [k, e.frame]));
const run = (d: ScadaDocument, commands: Parameters<typeof applyCommand>[1][]) =>
  applyCommand(d, { type: 'batch', commands: commands as never }).doc;

describe('snapMove', () => {
  it('snaps an edge to another element and draws the guide', () => {
    const r = snapMove({ x: 0, y: 0, w: 10, h: 10 }, 48, 100, {
      others: [{ x: 50, y: 20, w: 20, h: 20 }],
      grid: 0,
      threshold: 4,
    });
    expect(r.dx).toBe(50); // the left edge meets b's left edge (or the right edge b's left: 40 is farther)
    expect(r.dy).toBe(100);
    expect(r.guides).toEqual([{ axis: 'x', at: 50, from: 20, to: 110 }]);
  });
  it('snaps centres, and falls back to the grid', () => {
    const c = snapMove({ x: 0, y: 0, w: 10, h: 10 }, 54, 3, {
      others: [{ x: 50, y: 20, w: 20, h: 20 }],
      grid: 0,
      threshold: 2,
    });
    expect(c.dx).toBe(55); // centre 60 meets b's centre 60
    const g = snapMove({ x: 0, y: 0, w: 10, h: 10 }, 13, 26, { others: [], grid: 10, threshold: 2 });
    expect([g.dx, g.dy, g.guides]).toEqual([10, 30, []]);
  });
});

describe('align and distribute', () => {
  it('aligns left and centre and undoes in one step', () => {
    const d = doc();
    const cmds = alignCommands('main', d.pages.main!, ['a', 'b', 'c'], 'left');
    const next = run(d, cmds);
    expect(Object.values(frames(next.pages.main!)).map((f) => f.x)).toEqual([0, 0, 0]);
    const v = run(d, alignCommands('main', d.pages.main!, ['a', 'c'], 'vcenter'));
    expect(v.pages.main!.elements.a!.frame.y + 5).toBe(v.pages.main!.elements.c!.frame.y + 5);
  });
  it('distributes with equal gaps', () => {
    const d = doc();
    const next = run(d, distributeCommands('main', d.pages.main!, ['c', 'a', 'b'], 'x'));
    const f = frames(next.pages.main!);
    // span 0..240, sizes 10+20+40 = 70, two gaps of 85
    expect([f.a!.x, f.b!.x, f.c!.x]).toEqual([0, 95, 200]);
  });
});

describe('copy and paste', () => {
  it('pastes a group with fresh ids on another page', () => {
    let d = run(doc(), [{ type: 'group', page: 'main', ids: ['a', 'b'], groupId: 'g' }]);
    const clip = copySelection('main', d.pages.main!, ['g', 'c'])!;
    expect(clip.roots).toEqual(['g', 'c']);
    const used = (id: string) => Object.values(d.pages).some((p) => id in p.elements);
    const { commands, roots } = pasteCommands(clip, 'other', idMaker(used, 'e'), 0);
    d = run(d, commands);
    const other = d.pages.other!;
    expect(other.order).toEqual(roots);
    expect(Object.keys(other.elements)).toHaveLength(4);
    const group = other.elements[roots[0]!]!;
    expect(group.kind).toBe('group');
    expect(group.kind === 'group' && group.children.map((id) => other.elements[id]!.frame.x)).toEqual([
      0, 50,
    ]);
  });
  it('offsets a paste on the same page', () => {
    const d = doc();
    const clip = copySelection('main', d.pages.main!, ['a'])!;
    const { commands } = pasteCommands(clip, 'main', () => 'a2', 10);
    expect(run(d, commands).pages.main!.elements.a2!.frame).toMatchObject({ x: 10, y: 10 });
  });
});
