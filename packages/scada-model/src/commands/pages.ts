import { LIMITS } from '../limits.js';
import { type Canvas, canvasSchema, idSchema, nameSchema, type ScadaDocument } from '../schema/index.js';
import { getPage, withPage } from './tree.js';
import { type Command, CommandError } from './types.js';

type Cmd<T extends Command['type']> = Extract<Command, { type: T }>;

/** DESIGN 12: screens default to 1920x1080. */
export const DEFAULT_CANVAS: Canvas = { w: 1920, h: 1080, background: '#e0e0e0' };

const clampIndex = (index: number | undefined, length: number) =>
  index === undefined ? length : Math.max(0, Math.min(length, Math.trunc(index)));

export function setCanvas(doc: ScadaDocument, c: Cmd<'setCanvas'>): ScadaDocument {
  const page = getPage(doc, c.page);
  const canvas = canvasSchema.safeParse({ ...page.canvas, ...c.canvas });
  if (!canvas.success) throw new CommandError(`Invalid canvas: ${canvas.error.issues[0]!.message}`);
  return withPage(doc, c.page, { ...page, canvas: canvas.data });
}

export function addPage(doc: ScadaDocument, c: Cmd<'addPage'>): ScadaDocument {
  if (!idSchema.safeParse(c.id).success) throw new CommandError(`Invalid page id "${c.id}"`);
  if (Object.hasOwn(doc.pages, c.id)) throw new CommandError(`Page "${c.id}" already exists`);
  if (doc.pageOrder.length >= LIMITS.maxPages) throw new CommandError('Too many pages');
  if (!nameSchema.safeParse(c.name).success) throw new CommandError('Invalid page name');
  const canvas = canvasSchema.safeParse(c.canvas ?? DEFAULT_CANVAS);
  if (!canvas.success) throw new CommandError('Invalid canvas');
  const i = clampIndex(c.index, doc.pageOrder.length);
  return {
    ...withPage(doc, c.id, { name: c.name, canvas: canvas.data, elements: {}, order: [] }),
    pageOrder: [...doc.pageOrder.slice(0, i), c.id, ...doc.pageOrder.slice(i)],
  };
}

/** Removing a page also breaks links to it, so those are refused rather than left dangling. */
export function removePage(doc: ScadaDocument, c: Cmd<'removePage'>): ScadaDocument {
  getPage(doc, c.id);
  if (doc.pageOrder.length === 1) throw new CommandError('A document keeps at least one page');
  for (const [pageId, page] of Object.entries(doc.pages)) {
    if (pageId === c.id) continue;
    for (const [id, el] of Object.entries(page.elements)) {
      if (el.kind === 'link' && el.to.kind === 'page' && el.to.page === c.id) {
        throw new CommandError(`Link "${id}" on page "${pageId}" leads to this page`);
      }
    }
  }
  const { [c.id]: _gone, ...pages } = doc.pages;
  return { ...doc, pages, pageOrder: doc.pageOrder.filter((id) => id !== c.id) };
}

export function renamePage(doc: ScadaDocument, c: Cmd<'renamePage'>): ScadaDocument {
  const page = getPage(doc, c.id);
  if (!nameSchema.safeParse(c.name).success) throw new CommandError('Invalid page name');
  return withPage(doc, c.id, { ...page, name: c.name });
}

export function movePage(doc: ScadaDocument, c: Cmd<'movePage'>): ScadaDocument {
  getPage(doc, c.id);
  const rest = doc.pageOrder.filter((id) => id !== c.id);
  const i = clampIndex(c.index, rest.length);
  return { ...doc, pageOrder: [...rest.slice(0, i), c.id, ...rest.slice(i)] };
}
