// Test-only inverse of the v1 -> v2 migration, to property-test the migration on many documents.
import type { Element, PointRef, ScadaDocument } from '../schema/index.js';

type Json = Record<string, unknown>;

const v1Ref = (ref: PointRef) => (ref.by === 'id' ? ref.pointId : `unresolved:${ref.name}`);
const dropPoint = ({ point, ...rest }: { point: PointRef } & Json) => ({ pointId: v1Ref(point), ...rest });

/** Narrows a v2 document to what v1 could express: one page "main" named "Main", ≤ 1 binding, ids only. */
export function v1Expressible(doc: ScadaDocument): ScadaDocument {
  const first = doc.pages[doc.pageOrder[0]!]!;
  const toId = (ref: PointRef): PointRef => (ref.by === 'id' ? ref : { by: 'id', pointId: `n-${ref.name}` });
  const elements = Object.fromEntries(
    Object.entries(first.elements).map(([id, el]) => {
      const { bindings, ...rest } = el;
      const one = bindings?.slice(0, 1).map((b) => ({ ...b, point: toId(b.point) }));
      let out = (one?.length ? { ...rest, bindings: one } : rest) as Element;
      if ('write' in out) out = { ...out, write: { ...out.write, point: toId(out.write.point) } };
      if (out.kind === 'gauge') out = { ...out, point: toId(out.point) };
      return [id, out];
    }),
  );
  return { schemaVersion: 2, pages: { main: { ...first, name: 'Main', elements } }, pageOrder: ['main'] };
}

export function v2ToV1(doc: ScadaDocument): Json {
  const page = doc.pages.main!;
  const elements = Object.fromEntries(
    Object.entries(page.elements).map(([id, el]) => {
      const { frame, bindings, ...rest } = el as Element & Json;
      const out: Json = { ...rest, x: frame.x, y: frame.y, w: frame.w, h: frame.h, rotate: frame.rotation };
      if (bindings?.[0]) out.binding = dropPoint(bindings[0]);
      if (el.kind === 'gauge') {
        delete out.point;
        out.pointId = v1Ref(el.point);
      }
      if ('write' in el) out.write = dropPoint(el.write);
      return [id, out];
    }),
  );
  return { schemaVersion: 1, canvas: page.canvas, elements, order: page.order };
}
