import type { Command, ZTarget } from '@fleet/scada-model';
import { copySelection, idMaker, pasteCommands } from './clipboard';
import { type AlignMode, alignCommands, distributeCommands } from './geometry';
import { useDesigner } from './store';

type Inner = Exclude<Command, { type: 'batch' }>;

const state = () => useDesigner.getState();
const current = () => {
  const s = state();
  return { s, page: s.history.doc.pages[s.pageId]!, pageId: s.pageId };
};

/** Several commands as one undo step (one alone needs no batch). */
export function runAll(commands: Command[], label: string, merge = false): boolean {
  if (commands.length === 0) return false;
  const only = commands.length === 1 ? commands[0]! : null;
  return state().run(only ?? { type: 'batch', label, commands: commands as Inner[] }, { merge });
}

/** A fresh element id, unique over every page (ids stay unique when elements are pasted across pages). */
export function freshIds(prefix = 'e'): () => string {
  const doc = state().history.doc;
  return idMaker((id) => Object.values(doc.pages).some((p) => Object.hasOwn(p.elements, id)), prefix);
}

export function deleteSelection() {
  const { s, pageId } = current();
  if (
    runAll(
      s.selection.map((id) => ({ type: 'removeElement', page: pageId, id })),
      'delete',
    )
  )
    s.select([]);
}

export function copy(): boolean {
  const { s, page, pageId } = current();
  const clip = copySelection(pageId, page, s.selection);
  if (clip) s.setClip(clip);
  return !!clip;
}

export function cut() {
  if (copy()) deleteSelection();
}

export function paste() {
  const { s, pageId } = current();
  if (!s.clip) return;
  const { commands, roots } = pasteCommands(s.clip, pageId, freshIds(), s.clip.page === pageId ? 20 : 0);
  if (runAll(commands, 'paste')) {
    s.select(roots);
    // A second paste lands another step further.
    if (s.clip.page === pageId) {
      const shifted = Object.fromEntries(
        Object.entries(s.clip.elements).map(([id, el]) => [
          id,
          { ...el, frame: { ...el.frame, x: el.frame.x + 20, y: el.frame.y + 20 } },
        ]),
      );
      s.setClip({ ...s.clip, elements: shifted });
    }
  }
}

export function duplicate() {
  const { s, page, pageId } = current();
  const clip = copySelection(pageId, page, s.selection);
  if (!clip) return;
  const { commands, roots } = pasteCommands(clip, pageId, freshIds(), 20);
  if (runAll(commands, 'duplicate')) s.select(roots);
}

export function nudge(dx: number, dy: number) {
  const { s, page, pageId } = current();
  const ids = s.selection.filter((id) => !page.elements[id]?.locked);
  if (ids.length) runAll([{ type: 'moveElements', page: pageId, ids, dx, dy }], 'nudge', true);
}

export function zOrder(to: ZTarget) {
  const { s, page, pageId } = current();
  // Keep the selection's own stacking: bring forward from the top one, send back from the bottom one.
  const ids = page.order.filter((id) => s.selection.includes(id));
  const ordered = to === 'front' || to === 'forward' ? ids : [...ids].reverse();
  runAll(
    ordered.map((id) => ({ type: 'reorder', page: pageId, id, to })),
    `z-${to}`,
  );
}

export function group() {
  const { s, page, pageId } = current();
  const ids = page.order.filter((id) => s.selection.includes(id));
  if (ids.length < 2) return;
  const groupId = freshIds('g')();
  if (runAll([{ type: 'group', page: pageId, ids, groupId }], 'group')) s.select([groupId]);
}

export function ungroup() {
  const { s, page, pageId } = current();
  const groups = s.selection.filter((id) => page.elements[id]?.kind === 'group');
  const children = groups.flatMap((id) => {
    const g = page.elements[id];
    return g?.kind === 'group' ? g.children : [];
  });
  if (
    runAll(
      groups.map((id) => ({ type: 'ungroup', page: pageId, id })),
      'ungroup',
    )
  )
    s.select(children);
}

export function toggleLock() {
  const { s, page, pageId } = current();
  const lock = s.selection.some((id) => !page.elements[id]?.locked);
  runAll(
    s.selection.map((id) => ({
      type: 'updateElement',
      page: pageId,
      id,
      props: { locked: lock ? true : undefined },
    })),
    'lock',
  );
}

export function align(mode: AlignMode) {
  const { s, page, pageId } = current();
  runAll(alignCommands(pageId, page, s.selection, mode), `align-${mode}`);
}

export function distribute(axis: 'x' | 'y') {
  const { s, page, pageId } = current();
  runAll(distributeCommands(pageId, page, s.selection, axis), `distribute-${axis}`);
}

export function selectAll() {
  const { s, page } = current();
  s.select(page.order.filter((id) => !page.elements[id]?.hidden));
}
