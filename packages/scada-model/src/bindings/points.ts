import { type ExprValue, evaluateExpression } from '../expression/index.js';
import type { Element, PointRef, ScadaDocument, Scalar, WriteBack } from '../schema/index.js';

/**
 * Rewrites every point reference of one element through `fn`: bindings, write-back, a gauge's point,
 * a trend's series. The single place that knows where references live, so resolve and collect agree.
 */
export function mapPointRefs(element: Element, fn: (ref: PointRef) => PointRef): Element {
  let out: Element = element;
  if (element.bindings?.length)
    out = { ...out, bindings: element.bindings.map((b) => ({ ...b, point: fn(b.point) })) };
  if ('write' in out) out = { ...out, write: { ...out.write, point: fn(out.write.point) } };
  if (out.kind === 'gauge') out = { ...out, point: fn(out.point) };
  if (out.kind === 'trend') out = { ...out, series: out.series.map((s) => ({ ...s, point: fn(s.point) })) };
  return out;
}

/** Every point reference in the document (with repeats), e.g. to subscribe to live values. */
export function collectPointRefs(doc: ScadaDocument): PointRef[] {
  const refs: PointRef[] = [];
  for (const page of Object.values(doc.pages)) {
    for (const element of Object.values(page.elements)) {
      mapPointRefs(element, (ref) => {
        refs.push(ref);
        return ref;
      });
    }
  }
  return refs;
}

export interface ResolvedTemplate {
  doc: ScadaDocument;
  /** Names the device does not have, sorted; their references stay `{by: 'name'}` (render as no data). */
  missing: string[];
}

/**
 * A template is drawn against a device template's point NAMES; shown for a concrete device, each
 * `{by: 'name', name}` becomes `{by: 'id', pointId}` from `pointsByName` (that device's points). Pure;
 * references already by id are kept.
 */
export function resolveTemplateBindings(
  doc: ScadaDocument,
  pointsByName: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
): ResolvedTemplate {
  const lookup = (name: string) =>
    pointsByName instanceof Map
      ? pointsByName.get(name)
      : Object.hasOwn(pointsByName, name)
        ? (pointsByName as Record<string, string>)[name]
        : undefined;
  const missing = new Set<string>();
  const resolve = (ref: PointRef): PointRef => {
    if (ref.by === 'id') return ref;
    const pointId = lookup(ref.name);
    if (pointId === undefined) {
      missing.add(ref.name);
      return ref;
    }
    return { by: 'id', pointId };
  };
  const pages = Object.fromEntries(
    Object.entries(doc.pages).map(([pageId, page]) => [
      pageId,
      {
        ...page,
        elements: Object.fromEntries(
          Object.entries(page.elements).map(([id, el]) => [id, mapPointRefs(el, resolve)]),
        ),
      },
    ]),
  );
  return { doc: { ...doc, pages }, missing: [...missing].sort() };
}

/**
 * The value a write-back sends: its constant, or its expression evaluated with `value` = the point's
 * current value (switch) or the number the operator typed (numeric input). Null means "do not send"
 * (the expression produced nothing usable, e.g. a division by zero).
 */
export function resolveWriteValue(write: WriteBack, input: Scalar | null): Scalar | null {
  if (write.value !== undefined) return write.value;
  const out: ExprValue = evaluateExpression(write.expression ?? 'value', input);
  return out;
}
