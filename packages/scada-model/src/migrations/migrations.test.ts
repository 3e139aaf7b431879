import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCADA_SCHEMA_VERSION } from '../schema/index.js';
import { docArb } from '../test-support/arbitraries.js';
import { v1Expressible, v2ToV1 } from '../test-support/v1.js';
import { loadDocument, migrateDocument } from './index.js';

const PROPERTY_TIMEOUT_MS = 60_000;

const fixturesDir = join(import.meta.dirname, '..', 'fixtures');
const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({
    file,
    json: JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')) as { schemaVersion: number },
  }));

describe('migrations', () => {
  it('has a stored fixture for every version up to the current one', () => {
    const versions = new Set(fixtures.map((f) => f.json.schemaVersion));
    for (let v = 1; v <= SCADA_SCHEMA_VERSION; v++) expect(versions.has(v), `fixture of v${v}`).toBe(true);
  });

  it.each(fixtures)('$file migrates to the current version and validates', ({ json }) => {
    const before = structuredClone(json);
    const result = loadDocument(json);
    if (!result.ok) expect.fail(`${result.path}: ${result.message}`);
    expect(result.doc.schemaVersion).toBe(SCADA_SCHEMA_VERSION);
    expect(json).toEqual(before); // migrations are pure
  });

  it('v1 → v2 moves geometry into frame, wraps the page and tags point references', () => {
    const v1 = fixtures.find((f) => f.file === 'v1-pumping-station.json')!.json;
    const result = loadDocument(v1);
    if (!result.ok) throw new Error(result.message);
    const page = result.doc.pages.main!;
    expect(result.doc.pageOrder).toEqual(['main']);
    expect(page.name).toBe('Pumping station 3');
    expect(page.elements.alarm!.frame).toEqual({ x: 1000, y: 40, w: 200, h: 60, rotation: 15 });
    expect(page.elements.pump1!.frame.rotation).toBe(0);
    expect(page.elements.tank1!.bindings?.[0]?.point).toEqual({ by: 'id', pointId: '1041' });
    expect(page.elements.start).toMatchObject({ write: { point: { by: 'id', pointId: '1045' }, value: 1 } });
    expect(page.elements.gauge1).toMatchObject({ point: { by: 'id', pointId: '1046' } });
    expect(page.elements.trend1).toMatchObject({ series: [{ point: { by: 'id', pointId: '1041' } }] });
  });

  it('refuses a newer version with its own code, and documents without a version', () => {
    expect(migrateDocument({ schemaVersion: SCADA_SCHEMA_VERSION + 1 })).toMatchObject({
      ok: false,
      code: 'too-new',
      path: 'schemaVersion',
    });
    expect(migrateDocument({ pages: {} })).toMatchObject({ ok: false, code: 'unknown-version' });
    expect(migrateDocument({ schemaVersion: 1.5 })).toMatchObject({ ok: false, code: 'unknown-version' });
    expect(migrateDocument([])).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('a malformed v1 document is reported by validation with a path, not thrown on', () => {
    expect(loadDocument({ schemaVersion: 1, canvas: 3, elements: { a: 5 }, order: 'x' })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    const bad = {
      schemaVersion: 1,
      canvas: { w: 10, h: 10, background: '#fff' },
      elements: { a: { kind: 'rectangle', x: 'left' } },
      order: ['a'],
    };
    expect(loadDocument(bad)).toMatchObject({ ok: false, path: 'pages.main.elements.a.frame.x' });
  });

  // 200 generated documents take about 2 s alone, but several times that beside the other test files of
  // a full run on two cores: the default 5 s would fail a correct model on a busy machine.
  it(
    'property: every v1 document migrates to the v2 document it describes',
    () => {
      fc.assert(
        fc.property(docArb.map(v1Expressible), (expected) => {
          const v1 = JSON.parse(JSON.stringify(v2ToV1(expected)));
          expect(v1).not.toHaveProperty('pages');
          const result = loadDocument(v1);
          if (!result.ok) expect.fail(`${result.path}: ${result.message}`);
          expect(result.doc).toEqual(expected);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'property: any valid document survives migrate, validate, serialise',
    () => {
      fc.assert(
        fc.property(docArb, (doc) => {
          const first = loadDocument(doc);
          if (!first.ok) expect.fail(`${first.path}: ${first.message}`);
          const again = loadDocument(JSON.parse(JSON.stringify(first.doc)));
          expect(again).toEqual(first);
          expect(first.doc).toEqual(doc);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
