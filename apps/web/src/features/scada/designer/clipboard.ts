import type { Command, Element, Page } from '@fleet/scada-model';

/** What Copy keeps: the copied top-level elements with everything inside their groups. */
export interface Clip {
  /** The page copied from (a paste on the same page is offset so the copy does not hide the original). */
  page: string;
  roots: string[];
  elements: Record<string, Element>;
}

/** Copies the selection (in z-order, bottom first) with the children of its groups. */
export function copySelection(pageId: string, page: Page, ids: readonly string[]): Clip | null {
  const wanted = new Set(ids);
  const roots = page.order.filter((id) => wanted.has(id));
  if (roots.length === 0) return null;
  const elements: Record<string, Element> = {};
  const take = (id: string) => {
    const el = page.elements[id];
    if (!el) return;
    elements[id] = el;
    if (el.kind === 'group') for (const c of el.children) take(c);
  };
  for (const id of roots) take(id);
  return { page: pageId, roots, elements };
}

const shift = (el: Element, d: number): Element =>
  d === 0 ? el : { ...el, frame: { ...el.frame, x: el.frame.x + d, y: el.frame.y + d } };

/**
 * The commands that paste a clip on a page, and the new top-level ids (to select): every element gets
 * a fresh id from `newId`, groups are rebuilt with the group command around their pasted children.
 */
export function pasteCommands(
  clip: Clip,
  pageId: string,
  newId: () => string,
  offset: number,
): { commands: Command[]; roots: string[] } {
  const commands: Command[] = [];
  const paste = (id: string): string => {
    const el = clip.elements[id]!;
    if (el.kind === 'group') {
      const children = el.children.filter((c) => clip.elements[c]).map(paste);
      const groupId = newId();
      commands.push({ type: 'group', page: pageId, ids: children, groupId });
      const { kind: _k, children: _c, frame: _f, ...own } = el;
      if (Object.keys(own).length > 0)
        commands.push({ type: 'updateElement', page: pageId, id: groupId, props: own });
      return groupId;
    }
    const next = newId();
    commands.push({ type: 'addElement', page: pageId, id: next, element: shift(el, offset) });
    return next;
  };
  const roots = clip.roots.map(paste);
  return { commands, roots };
}

/** Ids like `rectangle-3` that are not used on any page yet. */
export function idMaker(used: (id: string) => boolean, prefix: string): () => string {
  let n = 1;
  return () => {
    while (used(`${prefix}${n}`)) n++;
    return `${prefix}${n++}`;
  };
}
