/**
 * v1 → v2. v1 was DESIGN 12's first cut: one page at the root, geometry loose on the element
 * (`x, y, w, h, rotate`), one `binding: {pointId, map}` per element and `write: {pointId, …}`.
 * v2 puts pages under `pages` (apps have several), geometry in `frame` (so move/resize/rotate touch one
 * field and groups can compute bounding boxes uniformly), allows several bindings per element, and
 * tags point references (`{by: 'id'}` or `{by: 'name'}`) so templates can bind by point name.
 *
 * Pure and total: a malformed v1 document is carried over as well as possible and left for
 * validation to reject with a path, never thrown on here.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const pointRef = (pointId: unknown) => ({
  by: 'id',
  pointId: typeof pointId === 'number' ? String(pointId) : pointId,
});

/** `{pointId, ...rest}` → `{point: {by: 'id', pointId}, ...rest}`. */
function withPointRef(v: unknown): unknown {
  if (!isObject(v) || !('pointId' in v)) return v;
  const { pointId, ...rest } = v;
  return { point: pointRef(pointId), ...rest };
}

function migrateElement(v: unknown): unknown {
  if (!isObject(v)) return v;
  const { x, y, w, h, rotate, binding, pointId, ...rest } = v;
  const out: Json = { ...rest, frame: { x, y, w, h, rotation: rotate ?? 0 } };
  if (binding !== undefined) out.bindings = [withPointRef(binding)];
  if (pointId !== undefined) out.point = pointRef(pointId); // gauges
  if (rest.write !== undefined) out.write = withPointRef(rest.write);
  if (Array.isArray(rest.series)) out.series = rest.series.map(withPointRef); // trends
  return out;
}

export function v1ToV2(doc: Json): Json {
  const { schemaVersion: _v, canvas, elements, order, name, ...rest } = doc;
  const migrated = isObject(elements)
    ? Object.fromEntries(Object.entries(elements).map(([id, el]) => [id, migrateElement(el)]))
    : elements;
  return {
    ...rest,
    schemaVersion: 2,
    ...(name !== undefined ? { name } : {}),
    pages: { main: { name: typeof name === 'string' ? name : 'Main', canvas, elements: migrated, order } },
    pageOrder: ['main'],
  };
}
