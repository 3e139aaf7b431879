import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Binding, PointRef, ScadaDocument, ValueMap, WriteBack } from '../schema/index.js';
import { validateDocument } from '../schema/index.js';
import { bindingArb } from '../test-support/arbitraries.js';
import {
  collectPointRefs,
  evaluateBinding,
  evaluateBindings,
  formatPointValue,
  resolveTemplateBindings,
  resolveWriteValue,
} from './index.js';

const point: PointRef = { by: 'id', pointId: '1' };
const bind = (map: ValueMap): Binding => ({ point, map });
const pump = {
  unit: null,
  translate: [
    { range: { lolmt: 0, uplmt: 0 }, text: 'Stopped' },
    { range: { lolmt: 1, uplmt: 1 }, text: 'Running' },
  ],
};
const level = { unit: 'm', translate: [{ range: { lolmt: 4.5, uplmt: 10 }, text: 'High' }] };

describe('evaluateBinding', () => {
  const threshold = bind({
    kind: 'threshold',
    prop: 'fill',
    below: '#999',
    stops: [
      { at: 80, color: '#fa0' },
      { at: 95, color: '#f00', blink: true },
    ],
  });
  it.each([
    [10, { fill: '#999' }],
    [80, { fill: '#fa0' }],
    [94.9, { fill: '#fa0' }],
    [95, { fill: '#f00', blink: true }],
    ['96', { fill: '#f00', blink: true }],
    ['n/a', {}],
  ])('threshold: %s → %o', (value, visual) => {
    expect(evaluateBinding(threshold, value)).toEqual(visual);
  });

  it('discrete: first matching case, else otherwise; 1 matches true', () => {
    const map = bind({
      kind: 'discrete',
      cases: [
        { equals: 1, fill: '#0a0', text: 'Run' },
        { equals: 'fault', fill: '#f00', blink: true },
      ],
      otherwise: { fill: '#999' },
    });
    expect(evaluateBinding(map, true)).toEqual({ fill: '#0a0', text: 'Run' });
    expect(evaluateBinding(map, 'fault')).toEqual({ fill: '#f00', blink: true });
    expect(evaluateBinding(map, 7)).toEqual({ fill: '#999' });
  });

  it('linear: level and rotation, clamped to the output range', () => {
    const tank = bind({ kind: 'linear', prop: 'level', from: [0, 5], to: [0, 1] });
    expect(evaluateBinding(tank, 2.5)).toEqual({ level: 0.5 });
    expect(evaluateBinding(tank, -1)).toEqual({ level: 0 });
    expect(evaluateBinding(tank, 99)).toEqual({ level: 1 });
    const fan = bind({ kind: 'linear', prop: 'rotation', from: [100, 0], to: [0, 90] });
    expect(evaluateBinding(fan, 25)).toEqual({ rotation: 67.5 });
  });

  it('boolean and flow maps', () => {
    expect(evaluateBinding(bind({ kind: 'boolean', prop: 'visible', invert: false }), 0)).toEqual({
      visible: false,
    });
    expect(evaluateBinding(bind({ kind: 'boolean', prop: 'blink', invert: true }), 0)).toEqual({
      blink: true,
    });
    expect(evaluateBinding(bind({ kind: 'boolean', prop: 'flow', invert: false }), '1')).toEqual({
      flow: 'forward',
    });
    const flow = bind({ kind: 'flow', deadband: 0.5 });
    expect([2, 0.2, -3].map((v) => evaluateBinding(flow, v))).toEqual([
      { flow: 'forward' },
      { flow: 'off' },
      { flow: 'reverse' },
    ]);
  });

  it('text: SPEC 4 translation first, else the value with decimals and unit', () => {
    const text = bind({ kind: 'text', translate: true, unit: true, decimals: 2 });
    expect(evaluateBinding(text, 1, pump)).toEqual({ text: 'Running' });
    expect(evaluateBinding(text, 0.5, pump)).toEqual({ text: '0.50' });
    expect(evaluateBinding(text, 4.5, level)).toEqual({ text: 'High' }); // lolmt <= value
    expect(evaluateBinding(text, 10, level)).toEqual({ text: '10.00 m' }); // value < uplmt
    expect(
      evaluateBinding(bind({ kind: 'text', translate: false, unit: false, prefix: 'L=' }), 4.5, level),
    ).toEqual({
      text: 'L=4.5',
    });
    expect(formatPointValue('open', { unit: 'kPa' })).toBe('open kPa');
  });

  it('expression maps coerce to the property they set', () => {
    const ex = (prop: Extract<ValueMap, { kind: 'expression' }>['prop'], expression: string) =>
      bind({ kind: 'expression', prop, expression });
    expect(evaluateBinding(ex('fill', "value > 1 ? '#f00' : '#0f0'"), 2)).toEqual({ fill: '#f00' });
    expect(evaluateBinding(ex('fill', "'javascript:x'"), 2)).toEqual({});
    expect(evaluateBinding(ex('rotation', 'value * 3.6'), 50)).toEqual({ rotation: 180 });
    expect(evaluateBinding(ex('level', 'value / 10'), 50)).toEqual({ level: 1 });
    expect(evaluateBinding(ex('visible', 'value'), 0)).toEqual({ visible: false });
    expect(evaluateBinding(ex('text', "round(value, 1) + ' bar'"), 1.26)).toEqual({ text: '1.3 bar' });
    expect(evaluateBinding(ex('rotation', '1 / value'), 0)).toEqual({});
  });

  it('no value means no change', () => {
    expect(evaluateBinding(bind({ kind: 'boolean', prop: 'visible', invert: false }), null)).toEqual({});
    expect(evaluateBinding(bind({ kind: 'text', translate: false, unit: true }), Number.NaN, level)).toEqual(
      {},
    );
  });

  it('later bindings win', () => {
    const bindings = [
      bind({ kind: 'discrete', cases: [{ equals: 1, fill: '#0a0' }] }),
      bind({ kind: 'boolean', prop: 'blink', invert: false }),
      bind({ kind: 'threshold', prop: 'fill', below: '#111', stops: [{ at: 0, color: '#222' }] }),
    ];
    expect(evaluateBindings(bindings, () => ({ value: 1 }))).toEqual({ fill: '#222', blink: true });
  });

  it('property: never throws on any binding and any value', () => {
    const value = fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(bindingArb, value, (binding, v) => {
        const visual = evaluateBinding(binding, v, level);
        if (visual.level !== undefined) expect(visual.level >= 0 && visual.level <= 1).toBe(true);
      }),
    );
  });
});

describe('template bindings and write-back', () => {
  const template = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'v2-template-app.json'), 'utf8'),
  ) as ScadaDocument;

  it('resolves point names for a chosen device and reports the missing ones', () => {
    const { doc, missing } = resolveTemplateBindings(
      template,
      new Map([
        ['burner_state', '501'],
        ['water_temp', '502'],
      ]),
    );
    expect(missing).toEqual(['burner_cmd']);
    const refs = collectPointRefs(doc);
    expect(refs).toContainEqual({ by: 'id', pointId: '501' });
    expect(refs).toContainEqual({ by: 'id', pointId: '77' });
    expect(refs.filter((r) => r.by === 'name')).toEqual([{ by: 'name', name: 'burner_cmd' }]);
    expect(validateDocument(doc).ok).toBe(true);
    expect(collectPointRefs(template).some((r) => r.by === 'name' && r.name === 'water_temp')).toBe(true); // pure
    const all = resolveTemplateBindings(template, { burner_state: '1', water_temp: '2', burner_cmd: '3' });
    expect(all.missing).toEqual([]);
  });

  it('resolves the value a write sends', () => {
    const w = (over: Partial<WriteBack>): WriteBack => ({ point, confirm: false, ...over });
    expect(resolveWriteValue(w({ value: 1 }), 0)).toBe(1);
    expect(resolveWriteValue(w({ expression: 'value == 1 ? 0 : 1' }), 1)).toBe(0);
    expect(resolveWriteValue(w({ expression: 'clamp(value, 20, 90)' }), 120)).toBe(90);
    expect(resolveWriteValue(w({ expression: '1 / value' }), 0)).toBeNull();
  });
});
