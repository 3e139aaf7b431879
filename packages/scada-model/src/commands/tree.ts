import { LIMITS } from '../limits.js';
import type { Element, Page, ScadaDocument } from '../schema/index.js';
import { CommandError } from './types.js';

/** Small immutable helpers over a page's element tree (order + group children). */

export function getPage(doc: ScadaDocument, id: string): Page {
  if (!Object.hasOwn(doc.pages, id)) throw new CommandError(`Unknown page "${id}"`);
  return doc.pages[id]!;
}

export function withPage(doc: ScadaDocument, id: string, page: Page): ScadaDocument {
  return { ...doc, pages: { ...doc.pages, [id]: page } };
}

export function getElement(page: Page, id: string): Element {
  if (!Object.hasOwn(page.elements, id)) throw new CommandError(`Unknown element "${id}"`);
  return page.elements[id]!;
}

export function withElements(page: Page, changes: Record<string, Element>): Page {
  return { ...page, elements: { ...page.elements, ...changes } };
}

/** The group holding `id`, or null when it sits directly in the page's order. */
export function parentOf(page: Page, id: string): string | null {
  for (const [gid, el] of Object.entries(page.elements)) {
    if (el.kind === 'group' && el.children.includes(id)) return gid;
  }
  if (!page.order.includes(id)) throw new CommandError(`Element "${id}" is not placed`);
  return null;
}

export function listOf(page: Page, parent: string | null): string[] {
  if (parent === null) return page.order;
  const group = getElement(page, parent);
  if (group.kind !== 'group') throw new CommandError(`"${parent}" is not a group`);
  return group.children;
}

export function withList(page: Page, parent: string | null, list: string[]): Page {
  if (parent === null) return { ...page, order: list };
  const group = getElement(page, parent) as Extract<Element, { kind: 'group' }>;
  return withElements(page, { [parent]: { ...group, children: list } });
}

/** `id` and, for a group, everything inside it. */
export function descendants(page: Page, id: string): string[] {
  const out = [id];
  const el = getElement(page, id);
  if (el.kind === 'group') for (const child of el.children) out.push(...descendants(page, child));
  return out;
}

export function depthOf(page: Page, parent: string | null): number {
  let depth = 0;
  for (let p = parent; p !== null; p = parentOf(page, p)) depth++;
  return depth;
}

export function assertNewId(page: Page, id: string) {
  if (Object.hasOwn(page.elements, id)) throw new CommandError(`Element "${id}" already exists`);
  if (Object.keys(page.elements).length >= LIMITS.maxElementsPerPage) {
    throw new CommandError('Too many elements on this page');
  }
}

/** Levels of groups inside `id` counting itself: 0 for a leaf, 1 for a group of leaves, … */
export function groupHeight(page: Page, id: string): number {
  const el = getElement(page, id);
  return el.kind === 'group' ? 1 + Math.max(0, ...el.children.map((child) => groupHeight(page, child))) : 0;
}
