import type { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  bindingSchema,
  type Element,
  elementSchema,
  type Frame,
  idSchema,
  type Page,
} from '../schema/index.js';
import { formatPath } from '../schema/validate.js';
import {
  assertNewId,
  depthOf,
  descendants,
  getElement,
  groupHeight,
  listOf,
  parentOf,
  withElements,
  withList,
} from './tree.js';
import { type Command, CommandError, type ZTarget } from './types.js';

type Cmd<T extends Command['type']> = Extract<Command, { type: T }>;

/** Commands validate what they insert, so an editor bug cannot build a document the server refuses. */
function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CommandError(`Invalid ${what} at ${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}

const insertAt = (list: readonly string[], id: string, index = list.length) => {
  const i = Math.max(0, Math.min(list.length, Math.trunc(index)));
  return [...list.slice(0, i), id, ...list.slice(i)];
};

export function addElement(page: Page, c: Cmd<'addElement'>): Page {
  checked(idSchema, c.id, 'id');
  assertNewId(page, c.id);
  const element = checked(elementSchema, c.element, 'element');
  // A group is built from placed elements with the group command, never inserted empty-handed.
  if (element.kind === 'group') throw new CommandError('Create groups with the group command');
  const parent = c.parent ?? null;
  const list = listOf(page, parent);
  return withList(withElements(page, { [c.id]: element }), parent, insertAt(list, c.id, c.index));
}

/** Removes an element (a group with everything inside); a group left empty goes too (no empty groups). */
export function removeElement(page: Page, c: Cmd<'removeElement'>): Page {
  getElement(page, c.id);
  const parent = parentOf(page, c.id);
  const gone = new Set(descendants(page, c.id));
  const rest = listOf(page, parent).filter((id) => id !== c.id);
  if (parent !== null && rest.length === 0) return removeElement(page, { ...c, id: parent });
  const next = withList(page, parent, rest);
  return {
    ...next,
    elements: Object.fromEntries(Object.entries(next.elements).filter(([id]) => !gone.has(id))),
  };
}

const FIXED_PROPS = new Set(['kind', 'children', 'frame']);

/** Shallow update of an element's own properties; geometry goes through move/resize/rotate. */
export function updateElement(page: Page, c: Cmd<'updateElement'>): Page {
  const el = getElement(page, c.id);
  for (const key of Object.keys(c.props)) {
    if (FIXED_PROPS.has(key)) throw new CommandError(`"${key}" cannot be changed with updateElement`);
  }
  const merged = { ...el, ...c.props };
  for (const [key, value] of Object.entries(merged))
    if (value === undefined) delete (merged as Record<string, unknown>)[key];
  return withElements(page, { [c.id]: checked(elementSchema, merged, 'element') });
}

const withFrame = (el: Element, frame: Frame): Element => ({ ...el, frame });

/** Moves elements by (dx, dy); moving a group moves its children with it (they keep absolute frames). */
export function moveElements(page: Page, c: Cmd<'moveElements'>): Page {
  const moved = new Set<string>();
  for (const id of c.ids) for (const d of descendants(page, id)) moved.add(d);
  const changes: Record<string, Element> = {};
  for (const id of moved) {
    const el = getElement(page, id);
    changes[id] = withFrame(el, { ...el.frame, x: el.frame.x + c.dx, y: el.frame.y + c.dy });
  }
  return checkFrames(withElements(page, changes), moved);
}

/** Sets a frame; a group scales its children's frames to the new box. */
export function resizeElement(page: Page, c: Cmd<'resizeElement'>): Page {
  const el = getElement(page, c.id);
  const old = el.frame;
  const next = { ...old, ...c.frame };
  const sx = old.w === 0 ? 1 : next.w / old.w;
  const sy = old.h === 0 ? 1 : next.h / old.h;
  const changes: Record<string, Element> = { [c.id]: withFrame(el, next) };
  for (const id of descendants(page, c.id).slice(1)) {
    const child = getElement(page, id);
    const f = child.frame;
    changes[id] = withFrame(child, {
      ...f,
      x: next.x + (f.x - old.x) * sx,
      y: next.y + (f.y - old.y) * sy,
      w: f.w * sx,
      h: f.h * sy,
    });
  }
  return checkFrames(withElements(page, changes), Object.keys(changes));
}

export function rotateElement(page: Page, c: Cmd<'rotateElement'>): Page {
  const el = getElement(page, c.id);
  // Normalised so repeated spins never leave the schema's -360..360 range.
  const rotation = ((c.rotation % 360) + 360) % 360;
  return checkFrames(withElements(page, { [c.id]: withFrame(el, { ...el.frame, rotation }) }), [c.id]);
}

function checkFrames(page: Page, ids: Iterable<string>): Page {
  for (const id of ids) checked(elementSchema, page.elements[id], `frame of "${id}"`);
  return page;
}

/** Changes z-order within the element's own list (page order or its group's children). */
export function reorder(page: Page, c: Cmd<'reorder'>): Page {
  const parent = parentOf(page, c.id);
  const list = listOf(page, parent);
  const from = list.indexOf(c.id);
  const target = (to: ZTarget): number => {
    switch (to) {
      case 'front':
        return list.length - 1;
      case 'back':
        return 0;
      case 'forward':
        return Math.min(list.length - 1, from + 1);
      case 'backward':
        return Math.max(0, from - 1);
      default:
        return Math.max(0, Math.min(list.length - 1, Math.trunc(to)));
    }
  };
  const rest = list.filter((id) => id !== c.id);
  return withList(page, parent, insertAt(rest, c.id, target(c.to)));
}

/** Wraps siblings in a new group placed where the topmost of them was; the group frame is their box. */
export function group(page: Page, c: Cmd<'group'>): Page {
  checked(idSchema, c.groupId, 'id');
  assertNewId(page, c.groupId);
  if (c.ids.length === 0) throw new CommandError('Nothing to group');
  const parent = parentOf(page, c.ids[0]!);
  if (c.ids.some((id) => parentOf(page, id) !== parent) || new Set(c.ids).size !== c.ids.length) {
    throw new CommandError('Only distinct siblings can be grouped');
  }
  // The new group sits at depth(parent); groups among the members, and groups inside them, go one deeper.
  const deepest = depthOf(page, parent) + Math.max(0, ...c.ids.map((id) => groupHeight(page, id)));
  if (deepest >= LIMITS.maxGroupDepth) throw new CommandError('Groups nested too deeply');
  const list = listOf(page, parent);
  const members = new Set(c.ids);
  const children = list.filter((id) => members.has(id)); // keep their z-order inside the group
  const top = Math.max(...c.ids.map((id) => list.indexOf(id)));
  const frames = children.map((id) => getElement(page, id).frame);
  const x = Math.min(...frames.map((f) => f.x));
  const y = Math.min(...frames.map((f) => f.y));
  const w = Math.max(...frames.map((f) => f.x + f.w)) - x;
  const h = Math.max(...frames.map((f) => f.y + f.h)) - y;
  const element = checked(
    elementSchema,
    { kind: 'group', frame: { x, y, w, h, rotation: 0 }, children },
    'group',
  );
  const remaining = list.filter((id) => !members.has(id));
  const at = top - (children.length - 1);
  return withList(withElements(page, { [c.groupId]: element }), parent, insertAt(remaining, c.groupId, at));
}

/** Puts a group's children back where the group was and deletes the group. */
export function ungroup(page: Page, c: Cmd<'ungroup'>): Page {
  const el = getElement(page, c.id);
  if (el.kind !== 'group') throw new CommandError(`"${c.id}" is not a group`);
  const parent = parentOf(page, c.id);
  const list = listOf(page, parent);
  const at = list.indexOf(c.id);
  const next = withList(page, parent, [...list.slice(0, at), ...el.children, ...list.slice(at + 1)]);
  const { [c.id]: _gone, ...elements } = next.elements;
  return { ...next, elements };
}

/** Replaces (index < length), appends (index == length) or removes (binding null) one binding. */
export function setBinding(page: Page, c: Cmd<'setBinding'>): Page {
  const el = getElement(page, c.id);
  const bindings = [...(el.bindings ?? [])];
  if (!Number.isInteger(c.index) || c.index < 0 || c.index > bindings.length) {
    throw new CommandError(`No binding slot ${c.index}`);
  }
  if (c.binding === null) {
    if (c.index === bindings.length) throw new CommandError(`No binding at ${c.index}`);
    bindings.splice(c.index, 1);
  } else {
    bindings[c.index] = checked(bindingSchema, c.binding, 'binding');
  }
  if (bindings.length > LIMITS.maxBindingsPerElement) throw new CommandError('Too many bindings');
  const { bindings: _old, ...rest } = el;
  return withElements(page, { [c.id]: (bindings.length ? { ...rest, bindings } : rest) as Element });
}
