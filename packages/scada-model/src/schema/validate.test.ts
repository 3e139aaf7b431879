import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { validateDocument } from './index.js';

const rect = (over: Record<string, unknown> = {}) => ({
  kind: 'rectangle',
  frame: { x: 0, y: 0, w: 10, h: 10, rotation: 0 },
  fill: '#ccc',
  stroke: 'none',
  strokeWidth: 0,
  ...over,
});
const doc = (
  elements: Record<string, unknown>,
  order = Object.keys(elements),
  extra: Record<string, unknown> = {},
) => ({
  schemaVersion: 2,
  pages: { main: { name: 'Main', canvas: { w: 100, h: 100, background: '#eee' }, elements, order } },
  pageOrder: ['main'],
  ...extra,
});
const threshold = (stops: unknown[]) => ({
  bindings: [
    { point: { by: 'id', pointId: '1' }, map: { kind: 'threshold', prop: 'fill', below: '#000', stops } },
  ],
});

describe('validateDocument', () => {
  it('accepts a small valid document', () => {
    expect(validateDocument(doc({ r: rect() }))).toMatchObject({ ok: true });
  });

  it.each([
    [
      'a bad colour deep in a map',
      doc({
        p1: rect(
          threshold([
            { at: 1, color: '#111' },
            { at: 2, color: '#222' },
            { at: 3, color: 'red' },
          ]),
        ),
      }),
      'pages.main.elements.p1.bindings[0].map.stops[2].color',
    ],
    [
      'stops out of order',
      doc({
        p1: rect(
          threshold([
            { at: 5, color: '#111' },
            { at: 2, color: '#222' },
          ]),
        ),
      }),
      'pages.main.elements.p1.bindings[0].map.stops[1].at',
    ],
    ['an unknown kind', doc({ x: { kind: 'iframe' } }), 'pages.main.elements.x.kind'],
    ['an unknown key', doc({ x: rect({ onclick: 'alert(1)' }) }), 'pages.main.elements.x'],
    [
      'a bad expression',
      doc({
        b: {
          ...rect(),
          kind: 'button',
          label: 'Go',
          write: { point: { by: 'id', pointId: '9' }, expression: 'process.exit()', confirm: false },
        },
      }),
      'pages.main.elements.b.write.expression',
    ],
    [
      'write with both value and expression',
      doc({
        b: {
          ...rect(),
          kind: 'button',
          label: 'Go',
          write: { point: { by: 'id', pointId: '9' }, value: 1, expression: 'value', confirm: false },
        },
      }),
      'pages.main.elements.b.write.value',
    ],
    ['an unplaced element', doc({ a: rect(), b: rect() }, ['a']), 'pages.main.elements.b'],
    ['an unknown id in order', doc({ a: rect() }, ['a', 'zz']), 'pages.main.order[1]'],
    ['an element placed twice', doc({ a: rect() }, ['a', 'a']), 'pages.main.order[1]'],
    [
      'a group cycle',
      doc(
        {
          g: { ...rect(), kind: 'group', children: ['h'] },
          h: { ...rect(), kind: 'group', children: ['g'] },
        },
        [],
      ),
      'pages.main.elements.g',
    ],
    // zod drops a "__proto__" key while parsing; the reference to it is still refused.
    [
      'a __proto__ page',
      JSON.parse(`{"schemaVersion":2,"pages":{"__proto__":{}},"pageOrder":["__proto__"]}`),
      'pageOrder[0]',
    ],
    [
      'a constructor page',
      JSON.parse(`{"schemaVersion":2,"pages":{"constructor":{}},"pageOrder":["x"]}`),
      'pages.constructor',
    ],
    [
      'an unknown built-in symbol',
      doc({ s: { kind: 'symbol', frame: rect().frame, symbol: 'builtin:warp-core' } }),
      'pages.main.elements.s.symbol',
    ],
    [
      'an external image',
      doc({ i: { ...rect(), kind: 'image', src: 'https://evil.example/x.png', fit: 'fill' } }),
      'pages.main.elements.i.src',
    ],
    [
      'a link to a missing page',
      doc({ l: { kind: 'link', frame: rect().frame, label: 'x', to: { kind: 'page', page: 'nope' } } }),
      'pages.main.elements.l.to.page',
    ],
    [
      'a javascript: route',
      doc({
        l: {
          kind: 'link',
          frame: rect().frame,
          label: 'x',
          to: { kind: 'route', path: 'javascript:alert(1)' },
        },
      }),
      'pages.main.elements.l.to.path',
    ],
  ])('names the path of %s', (_what, json, path) => {
    const result = validateDocument(json);
    expect(result).toMatchObject({ ok: false, code: 'invalid', path });
  });

  it('refuses oversized documents before parsing them', () => {
    const many = Object.fromEntries(
      Array.from({ length: LIMITS.maxElementsPerPage + 1 }, (_, i) => [`e${i}`, 0]),
    );
    expect(validateDocument(doc(many, []))).toMatchObject({
      ok: false,
      code: 'too-large',
      path: 'pages.main.elements',
    });
    const huge = doc({ t: { ...rect(), kind: 'text', text: 'x'.repeat(LIMITS.maxDocumentChars) } });
    expect(validateDocument(huge)).toMatchObject({ ok: false, code: 'too-large' });
    expect(
      validateDocument(doc({ t: { ...rect(), name: 'x'.repeat(LIMITS.maxNameLength + 1) } })),
    ).toMatchObject({
      path: 'pages.main.elements.t.name',
    });
  });

  it('refuses what is not JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validateDocument(cyclic)).toMatchObject({ ok: false, message: 'Not a JSON document' });
    expect(validateDocument(undefined)).toMatchObject({ ok: false, code: 'invalid' });
  });
});
