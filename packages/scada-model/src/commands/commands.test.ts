import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import type { Binding, Element, ScadaDocument } from '../schema/index.js';
import { validateDocument } from '../schema/index.js';
import { bindingArb, docArb, leafElementArb } from '../test-support/arbitraries.js';
import { applyCommand, type Command, CommandError, createHistory, execute, redo, undo } from './index.js';

const rect = (x: number, y: number, w = 10, h = 10): Element => ({
  kind: 'rectangle',
  frame: { x, y, w, h, rotation: 0 },
  fill: '#ccc',
  stroke: 'none',
  strokeWidth: 0,
});
const base = (): ScadaDocument => ({
  schemaVersion: 2,
  pages: {
    main: {
      name: 'Main',
      canvas: { w: 100, h: 100, background: '#eee' },
      elements: { a: rect(0, 0), b: rect(20, 20), c: rect(40, 0, 20, 40) },
      order: ['a', 'b', 'c'],
    },
  },
  pageOrder: ['main'],
});
const run = (doc: ScadaDocument, ...commands: Command[]) =>
  commands.reduce((d, c) => applyCommand(d, c).doc, doc);
const valid = (doc: ScadaDocument) => {
  const r = validateDocument(doc);
  if (!r.ok) expect.fail(`${r.path}: ${r.message}`);
  return doc;
};

describe('commands', () => {
  it('add, update and remove an element', () => {
    const doc = valid(
      run(base(), { type: 'addElement', page: 'main', id: 'd', element: rect(1, 1), index: 1 }),
    );
    expect(doc.pages.main!.order).toEqual(['a', 'd', 'b', 'c']);
    const updated = valid(
      run(doc, { type: 'updateElement', page: 'main', id: 'd', props: { fill: '#f00', name: 'Lamp' } }),
    );
    expect(updated.pages.main!.elements.d).toMatchObject({ fill: '#f00', name: 'Lamp' });
    const removed = valid(run(updated, { type: 'removeElement', page: 'main', id: 'd' }));
    expect(removed).toEqual(base());
  });

  it('refuses commands that do not fit, changing nothing', () => {
    const doc = base();
    const bad: Command[] = [
      { type: 'addElement', page: 'main', id: 'a', element: rect(0, 0) },
      { type: 'addElement', page: 'main', id: 'x', element: { ...rect(0, 0), fill: 'red' } as Element },
      { type: 'addElement', page: 'nope', id: 'x', element: rect(0, 0) },
      { type: 'addElement', page: 'main', id: '__proto__', element: rect(0, 0) },
      { type: 'updateElement', page: 'main', id: 'a', props: { kind: 'ellipse' } },
      { type: 'updateElement', page: 'main', id: 'a', props: { strokeWidth: -1 } },
      { type: 'moveElements', page: 'main', ids: ['a'], dx: 1e9, dy: 0 },
      { type: 'ungroup', page: 'main', id: 'a' },
      { type: 'group', page: 'main', ids: [], groupId: 'g' },
      { type: 'setBinding', page: 'main', id: 'a', index: 3, binding: null },
      { type: 'removePage', id: 'main' },
      { type: 'setCanvas', page: 'main', canvas: { w: 0 } },
    ];
    for (const command of bad) expect(() => applyCommand(doc, command), command.type).toThrow(CommandError);
    expect(doc).toEqual(base());
  });

  it('move, resize and rotate', () => {
    const doc = run(
      base(),
      { type: 'moveElements', page: 'main', ids: ['a', 'b'], dx: 5, dy: -5 },
      { type: 'resizeElement', page: 'main', id: 'c', frame: { x: 0, y: 0, w: 10, h: 10 } },
      { type: 'rotateElement', page: 'main', id: 'a', rotation: -90 },
    );
    expect(doc.pages.main!.elements.a!.frame).toEqual({ x: 5, y: -5, w: 10, h: 10, rotation: 270 });
    expect(doc.pages.main!.elements.b!.frame).toMatchObject({ x: 25, y: 15 });
    expect(doc.pages.main!.elements.c!.frame).toMatchObject({ x: 0, y: 0, w: 10, h: 10 });
  });

  it('reorders within the z-order', () => {
    const order = (to: Command & { type: 'reorder' }) => run(base(), to).pages.main!.order;
    expect(order({ type: 'reorder', page: 'main', id: 'a', to: 'front' })).toEqual(['b', 'c', 'a']);
    expect(order({ type: 'reorder', page: 'main', id: 'c', to: 'back' })).toEqual(['c', 'a', 'b']);
    expect(order({ type: 'reorder', page: 'main', id: 'a', to: 'forward' })).toEqual(['b', 'a', 'c']);
    expect(order({ type: 'reorder', page: 'main', id: 'c', to: 1 })).toEqual(['a', 'c', 'b']);
  });

  it('groups siblings at the topmost one, moves and resizes them together, ungroups back', () => {
    const grouped = valid(run(base(), { type: 'group', page: 'main', ids: ['c', 'a'], groupId: 'g' }));
    const page = grouped.pages.main!;
    expect(page.order).toEqual(['b', 'g']);
    expect(page.elements.g).toMatchObject({ children: ['a', 'c'], frame: { x: 0, y: 0, w: 60, h: 40 } });
    const moved = valid(run(grouped, { type: 'moveElements', page: 'main', ids: ['g', 'a'], dx: 10, dy: 0 }));
    expect(moved.pages.main!.elements.a!.frame.x).toBe(10); // once, though named twice
    const scaled = valid(
      run(grouped, { type: 'resizeElement', page: 'main', id: 'g', frame: { x: 0, y: 0, w: 120, h: 40 } }),
    );
    expect(scaled.pages.main!.elements.c!.frame).toMatchObject({ x: 80, w: 40 });
    const nested = valid(run(grouped, { type: 'group', page: 'main', ids: ['a'], groupId: 'h' }));
    expect(nested.pages.main!.elements.g).toMatchObject({ children: ['h', 'c'] });
    expect(valid(run(nested, { type: 'removeElement', page: 'main', id: 'g' })).pages.main!.elements).toEqual(
      {
        b: rect(20, 20),
      },
    );
    const emptied = valid(
      run(
        grouped,
        { type: 'removeElement', page: 'main', id: 'a' },
        { type: 'removeElement', page: 'main', id: 'c' },
      ),
    );
    expect(emptied.pages.main!.order).toEqual(['b']); // the emptied group went with its last child
    const ungrouped = valid(run(grouped, { type: 'ungroup', page: 'main', id: 'g' }));
    expect(ungrouped.pages.main!.order).toEqual(['b', 'a', 'c']);
  });

  it('refuses to nest groups deeper than the limit, from either end', () => {
    let doc = base();
    let inner = 'a';
    for (let i = 0; i < LIMITS.maxGroupDepth; i++) {
      doc = run(doc, { type: 'group', page: 'main', ids: [inner], groupId: `g${i}` });
      inner = `g${i}`;
    }
    valid(doc);
    // Wrapping the outermost group would push the innermost one past the limit.
    expect(() => applyCommand(doc, { type: 'group', page: 'main', ids: [inner], groupId: 'top' })).toThrow(
      'nested too deeply',
    );
    // So would grouping the innermost leaf.
    expect(() => applyCommand(doc, { type: 'group', page: 'main', ids: ['a'], groupId: 'deep' })).toThrow(
      'nested too deeply',
    );
  });

  it('sets, replaces and removes bindings', () => {
    const binding: Binding = { point: { by: 'id', pointId: '5' }, map: { kind: 'flow', deadband: 0 } };
    const set = valid(run(base(), { type: 'setBinding', page: 'main', id: 'a', index: 0, binding }));
    expect(set.pages.main!.elements.a!.bindings).toEqual([binding]);
    const cleared = run(set, { type: 'setBinding', page: 'main', id: 'a', index: 0, binding: null });
    expect(cleared).toEqual(base());
  });

  it('page operations', () => {
    const doc = valid(
      run(
        base(),
        { type: 'addPage', id: 'p2', name: 'Second', index: 0 },
        { type: 'renamePage', id: 'p2', name: 'Pumps' },
        { type: 'movePage', id: 'p2', index: 5 },
        { type: 'setCanvas', page: 'p2', canvas: { background: '#000' } },
      ),
    );
    expect(doc.pageOrder).toEqual(['main', 'p2']);
    expect(doc.pages.p2).toMatchObject({ name: 'Pumps', canvas: { w: 1920, h: 1080, background: '#000' } });
    const linked = run(doc, {
      type: 'addElement',
      page: 'main',
      id: 'go',
      element: { kind: 'link', frame: rect(0, 0).frame, label: 'Pumps', to: { kind: 'page', page: 'p2' } },
    });
    expect(() => applyCommand(linked, { type: 'removePage', id: 'p2' })).toThrow('leads to this page');
    expect(run(doc, { type: 'removePage', id: 'p2' })).toEqual(base());
  });

  it('keeps at least 100 undo steps, each back to a deep-equal document', () => {
    let h = createHistory(base(), { limit: 100 });
    const snapshots = [h.doc];
    for (let i = 0; i < 150; i++) {
      h = execute(h, { type: 'moveElements', page: 'main', ids: ['a'], dx: 1, dy: 0 });
      snapshots.push(h.doc);
    }
    expect(h.past).toHaveLength(100);
    for (let i = 149; i >= 50; i--) {
      h = undo(h);
      expect(h.doc).toEqual(snapshots[i]);
    }
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.doc).toEqual(snapshots[52]);
    h = execute(h, { type: 'rotateElement', page: 'main', id: 'b', rotation: 10 });
    expect(h.future).toHaveLength(0);
  });

  it('merges a drag into one undo step', () => {
    let h = createHistory(base());
    h = execute(h, { type: 'rotateElement', page: 'main', id: 'b', rotation: 45 });
    const afterRotate = h.doc;
    for (let i = 0; i < 10; i++)
      h = execute(h, { type: 'moveElements', page: 'main', ids: ['a'], dx: 2, dy: 1 }, { merge: true });
    expect(h.past).toHaveLength(2);
    expect(h.doc.pages.main!.elements.a!.frame).toMatchObject({ x: 20, y: 10 });
    const dragged = h.doc;
    h = undo(h);
    expect(h.doc).toEqual(afterRotate);
    expect(redo(h).doc).toEqual(dragged);
    // Dragging back to the start leaves no step at all.
    h = execute(
      redo(h),
      { type: 'moveElements', page: 'main', ids: ['a'], dx: -20, dy: -10 },
      { merge: true },
    );
    expect(h.past).toHaveLength(1);
    expect(h.doc).toEqual(afterRotate);
  });

  it('property: random command sequences validate at every step, undo all → original, redo all → final', () => {
    const step = fc.record({
      kind: fc.nat(),
      page: fc.nat(),
      target: fc.nat(),
      other: fc.nat(),
      n: fc.integer({ min: -50, max: 50 }),
      element: leafElementArb,
      binding: bindingArb,
    });
    const types = [
      'addElement',
      'removeElement',
      'updateElement',
      'moveElements',
      'resizeElement',
      'rotateElement',
      'reorder',
      'group',
      'ungroup',
      'setBinding',
      'setCanvas',
      'addPage',
      'removePage',
      'renamePage',
      'movePage',
      'batch',
    ] as const;
    // Grouping needs two siblings and ungrouping a group, so they are drawn more often to be exercised.
    const weighted = [...types, 'group', 'ungroup', 'group', 'ungroup', 'group', 'ungroup'] as const;
    // Counts applied (not refused) commands, so a generator that only produced refusals would fail.
    const applied = new Map<string, number>();
    fc.assert(
      fc.property(docArb, fc.array(step, { maxLength: 25 }), (doc, steps) => {
        let h = createHistory(doc);
        steps.forEach((s, i) => {
          const pageId = h.doc.pageOrder[s.page % h.doc.pageOrder.length]!;
          const page = h.doc.pages[pageId]!;
          const ids = Object.keys(page.elements);
          const id = ids[s.target % Math.max(1, ids.length)] ?? 'none';
          const other = ids[s.other % Math.max(1, ids.length)] ?? 'none';
          const fresh = `N${i}`;
          const groups = ids.filter((k) => page.elements[k]!.kind === 'group');
          const aGroup = groups[s.other % Math.max(1, groups.length)] ?? id;
          const commands: Record<(typeof types)[number], Command> = {
            addElement: { type: 'addElement', page: pageId, id: fresh, element: s.element, index: s.n },
            removeElement: { type: 'removeElement', page: pageId, id },
            updateElement: {
              type: 'updateElement',
              page: pageId,
              id,
              props: { name: `E${s.n}`, opacity: 0.5 },
            },
            moveElements: { type: 'moveElements', page: pageId, ids: [id, other], dx: s.n, dy: -s.n },
            resizeElement: {
              type: 'resizeElement',
              page: pageId,
              id,
              frame: { x: s.n, y: 0, w: 50, h: 20 + s.n },
            },
            rotateElement: { type: 'rotateElement', page: pageId, id, rotation: s.n * 10 },
            reorder: { type: 'reorder', page: pageId, id, to: s.n % 2 ? 'front' : s.n },
            group: { type: 'group', page: pageId, ids: id === other ? [id] : [id, other], groupId: fresh },
            ungroup: { type: 'ungroup', page: pageId, id: aGroup },
            setBinding: {
              type: 'setBinding',
              page: pageId,
              id,
              index: Math.abs(s.n) % 2,
              binding: s.n > 25 ? null : s.binding,
            },
            setCanvas: { type: 'setCanvas', page: pageId, canvas: { w: 100 + Math.abs(s.n) } },
            addPage: { type: 'addPage', id: fresh, name: `Page ${i}`, index: s.n },
            removePage: { type: 'removePage', id: pageId },
            renamePage: { type: 'renamePage', id: pageId, name: `R${s.n}` },
            movePage: { type: 'movePage', id: pageId, index: s.n },
            batch: {
              type: 'batch',
              label: s.n % 2 ? 'paste' : 'nudge',
              commands: [
                { type: 'addElement', page: pageId, id: fresh, element: s.element },
                { type: 'moveElements', page: pageId, ids: [fresh, id], dx: s.n, dy: 1 },
                { type: 'updateElement', page: pageId, id: fresh, props: { name: `B${s.n}` } },
              ],
            },
          };
          const command = commands[weighted[s.kind % weighted.length]!];
          try {
            h = execute(h, command, { merge: s.other % 3 === 0 }); // merged steps must undo just as well
            applied.set(command.type, (applied.get(command.type) ?? 0) + 1);
          } catch (error) {
            if (!(error instanceof CommandError)) throw error;
            return;
          }
          valid(h.doc);
        });
        const final = h.doc;
        const count = h.past.length;
        for (let i = 0; i < count; i++) h = undo(h);
        expect(h.doc).toEqual(doc);
        for (let i = 0; i < count; i++) h = redo(h);
        expect(h.doc).toEqual(final);
      }),
      { numRuns: 150 },
    );
    for (const type of types) expect(applied.get(type) ?? 0, type).toBeGreaterThan(3);
  });

  it('a batch applies all or nothing and undoes in one step', () => {
    const doc = base();
    const batch: Command = {
      type: 'batch',
      label: 'paste',
      commands: [
        { type: 'addElement', page: 'main', id: 'p1', element: rect(5, 5) },
        { type: 'addElement', page: 'main', id: 'p2', element: rect(15, 5) },
        { type: 'group', page: 'main', ids: ['p1', 'p2'], groupId: 'g' },
      ],
    };
    let h = execute(createHistory(doc), batch);
    expect(valid(h.doc).pages.main!.order).toEqual(['a', 'b', 'c', 'g']);
    expect(h.past).toHaveLength(1);
    h = undo(h);
    expect(h.doc).toEqual(doc);
    h = redo(h);
    expect(h.doc.pages.main!.elements.g).toMatchObject({ kind: 'group', children: ['p1', 'p2'] });
    // The third command fails (duplicate id): nothing of the first two stays.
    const bad: Command = {
      type: 'batch',
      commands: [
        { type: 'addElement', page: 'main', id: 'q', element: rect(1, 1) },
        { type: 'addElement', page: 'main', id: 'a', element: rect(1, 1) },
      ],
    };
    expect(() => applyCommand(doc, bad)).toThrow(CommandError);
    expect(doc).toEqual(base());
    const nested = { type: 'batch', commands: [batch] } as unknown as Command;
    expect(() => applyCommand(doc, nested)).toThrow(/nest/);
  });

  it('merges only batches with the same label', () => {
    const nudge = (dx: number): Command => ({
      type: 'batch',
      label: 'nudge',
      commands: [{ type: 'moveElements', page: 'main', ids: ['a'], dx, dy: 0 }],
    });
    let h = execute(createHistory(base()), nudge(1));
    h = execute(h, nudge(1), { merge: true });
    expect(h.past).toHaveLength(1);
    h = execute(h, { ...nudge(1), label: 'align' } as Command, { merge: true });
    expect(h.past).toHaveLength(2);
    h = undo(undo(h));
    expect(h.doc).toEqual(base());
  });
});
