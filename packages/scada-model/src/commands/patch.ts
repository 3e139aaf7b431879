/**
 * Undo/redo as diffs: a command's effect is recorded as the few paths it changed (not a copy of the
 * document), so a history of hundreds of steps over a 5,000-element page stays small. Commands update
 * immutably, so unchanged subtrees are the same objects and diff() skips them by identity.
 *
 * A path is a list of object keys; arrays (order, children, points) are replaced whole, which keeps
 * patches trivially invertible.
 */
export interface PatchOp {
  path: readonly string[];
  /** The new value; absent means "delete this key". */
  value?: unknown;
}
export type Patch = readonly PatchOp[];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ops that turn `before` into `after`. */
export function diff(before: unknown, after: unknown, path: string[] = []): PatchOp[] {
  if (before === after) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const ops: PatchOp[] = [];
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) ops.push({ path: [...path, key] });
    }
    for (const key of Object.keys(after)) {
      const old = Object.hasOwn(before, key) ? before[key] : undefined;
      // Identity check before recursing: a 5,000-element page is mostly shared, untouched entries.
      if (old !== after[key]) ops.push(...diff(old, after[key], [...path, key]));
    }
    return ops;
  }
  if (after === undefined) return [{ path }];
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, value: after }];
}

/**
 * The patch that undoes `patch` (which must come from diff(before, …)): each op restores what `before`
 * held at its path. diff() yields disjoint paths, so the order of ops does not matter. Cheaper than a
 * second diff, which would walk every key of a large page again.
 */
export function invert(before: unknown, patch: Patch): PatchOp[] {
  return patch.map(({ path }) => {
    let at: unknown = before;
    for (const key of path) at = isPlainObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
    return at === undefined ? { path } : { path, value: at };
  });
}

function setIn(target: unknown, path: readonly string[], i: number, op: PatchOp): unknown {
  if (i === path.length) return op.value;
  const key = path[i]!;
  const obj = isPlainObject(target) ? target : {};
  const copy: Record<string, unknown> = { ...obj };
  if (i === path.length - 1 && !('value' in op)) {
    delete copy[key];
    return copy;
  }
  // defineProperty, not assignment: a key can never reach a prototype even if an id slipped through.
  Object.defineProperty(copy, key, {
    value: setIn(Object.hasOwn(obj, key) ? obj[key] : undefined, path, i + 1, op),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Applies `patch` to `doc` without modifying it. */
export function applyPatch<T>(doc: T, patch: Patch): T {
  let out: unknown = doc;
  for (const op of patch) out = setIn(out, op.path, 0, op);
  return out as T;
}
