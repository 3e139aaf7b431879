// fast-check generators of VALID documents, shared by the property tests. Not exported by the package.
import fc from 'fast-check';
import type {
  Binding,
  Element,
  Frame,
  PointRef,
  ScadaDocument,
  ValueMap,
  WriteBack,
} from '../schema/index.js';

export const idArb = fc
  .stringMatching(/^[a-z][a-z0-9_-]{0,7}$/)
  .filter((s) => s !== 'constructor' && s !== 'prototype');
const coord = fc.integer({ min: -2000, max: 4000 });
const dim = fc.integer({ min: 0, max: 2000 });
export const colorArb = fc.oneof(
  fc.constant('none'),
  fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
);
export const frameArb: fc.Arbitrary<Frame> = fc.record({
  x: coord,
  y: coord,
  w: dim,
  h: dim,
  rotation: fc.integer({ min: -360, max: 360 }),
});
const textArb = fc.string({ maxLength: 20 });
const pointRefArb: fc.Arbitrary<PointRef> = fc.oneof(
  fc.integer({ min: 1, max: 99999 }).map((n) => ({ by: 'id' as const, pointId: String(n) })),
  fc.constantFrom('level', 'pump_state', 'temp').map((name) => ({ by: 'name' as const, name })),
);
const sortedDistinct = fc
  .uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 5 })
  .map((a) => a.sort((x, y) => x - y));

export const mapArb: fc.Arbitrary<ValueMap> = fc.oneof(
  fc.record({
    kind: fc.constant('threshold' as const),
    prop: fc.constantFrom('fill' as const, 'stroke' as const),
    below: colorArb,
    stops: sortedDistinct.chain((ats) =>
      fc.tuple(...ats.map((at) => colorArb.map((color) => ({ at, color })))).map((s) => [...s]),
    ),
  }),
  fc.record({
    kind: fc.constant('discrete' as const),
    cases: fc.array(fc.record({ equals: fc.integer({ min: 0, max: 5 }), fill: colorArb, text: textArb }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({
    kind: fc.constant('linear' as const),
    prop: fc.constant('level' as const),
    from: fc.constant([0, 100] as [number, number]),
    to: fc.constant([0, 1] as [number, number]),
  }),
  fc.record({
    kind: fc.constant('boolean' as const),
    prop: fc.constantFrom('visible' as const, 'blink' as const, 'flow' as const),
    invert: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('flow' as const), deadband: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('text' as const), translate: fc.boolean(), unit: fc.boolean() }),
  fc.record({
    kind: fc.constant('expression' as const),
    prop: fc.constantFrom('rotation' as const, 'visible' as const),
    expression: fc.constantFrom('value * 3.6', 'value > 10', 'clamp(value, 0, 360)'),
  }),
);
export const bindingArb: fc.Arbitrary<Binding> = fc.record({ point: pointRefArb, map: mapArb });
const writeArb: fc.Arbitrary<WriteBack> = fc.oneof(
  fc.record({ point: pointRefArb, value: fc.integer({ min: 0, max: 10 }), confirm: fc.boolean() }),
  fc.record({ point: pointRefArb, expression: fc.constant('value == 1 ? 0 : 1'), confirm: fc.boolean() }),
);
const bindings = fc.array(bindingArb, { maxLength: 2 });

/** Any leaf element (not a group: groups come from the group command or are built by docArb). */
export const leafElementArb: fc.Arbitrary<Element> = fc.oneof(
  fc.record({
    kind: fc.constant('rectangle' as const),
    frame: frameArb,
    fill: colorArb,
    stroke: colorArb,
    strokeWidth: fc.integer({ min: 0, max: 10 }),
    bindings,
  }),
  fc.record({
    kind: fc.constant('ellipse' as const),
    frame: frameArb,
    fill: colorArb,
    stroke: colorArb,
    strokeWidth: fc.constant(1),
  }),
  fc.record({
    kind: fc.constant('text' as const),
    frame: frameArb,
    text: textArb,
    color: colorArb,
    fontSize: fc.integer({ min: 8, max: 48 }),
    align: fc.constantFrom('start' as const, 'center' as const, 'end' as const),
    bindings,
  }),
  fc.record({
    kind: fc.constant('pipe' as const),
    frame: frameArb,
    stroke: colorArb,
    strokeWidth: fc.constant(6),
    points: fc.array(fc.record({ x: dim, y: dim }), { minLength: 2, maxLength: 6 }),
    liquid: colorArb,
    flow: fc.constantFrom('none' as const, 'forward' as const, 'reverse' as const),
    bindings,
  }),
  fc.record({
    kind: fc.constant('symbol' as const),
    frame: frameArb,
    symbol: fc.constantFrom('builtin:pump-centrifugal', 'builtin:tank-vertical'),
    bindings,
  }),
  fc.record({ kind: fc.constant('button' as const), frame: frameArb, label: textArb, write: writeArb }),
  fc.record({
    kind: fc.constant('gauge' as const),
    frame: frameArb,
    style: fc.constant('bar' as const),
    point: pointRefArb,
    min: fc.constant(0),
    max: fc.constant(100),
    decimals: fc.constant(1),
  }),
);

/** A page's elements keyed by fresh ids, all placed in `order` (no groups). */
export const pageArb = fc
  .uniqueArray(fc.tuple(idArb, leafElementArb), { selector: ([id]) => id, maxLength: 8 })
  .chain((entries) =>
    fc.record({
      name: textArb,
      canvas: fc.record({
        w: fc.integer({ min: 1, max: 4000 }),
        h: fc.integer({ min: 1, max: 4000 }),
        background: colorArb,
      }),
      elements: fc.constant(Object.fromEntries(entries)),
      order: fc.shuffledSubarray(
        entries.map(([id]) => id),
        { minLength: entries.length },
      ),
    }),
  );

export const docArb: fc.Arbitrary<ScadaDocument> = fc
  .uniqueArray(fc.tuple(idArb, pageArb), { selector: ([id]) => id, minLength: 1, maxLength: 3 })
  .map((pages) => ({
    schemaVersion: 2 as const,
    pages: Object.fromEntries(pages),
    pageOrder: pages.map(([id]) => id),
  }));
