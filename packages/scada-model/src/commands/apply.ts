import { LIMITS } from '../limits.js';
import type { Page, ScadaDocument } from '../schema/index.js';
import * as el from './elements.js';
import * as pages from './pages.js';
import { diff, invert, type Patch } from './patch.js';
import { getPage, withPage } from './tree.js';
import { type Command, CommandError } from './types.js';

export interface Applied {
  doc: ScadaDocument;
  /** Patch from the old to the new document (redo). */
  forward: Patch;
  /** Patch from the new back to the old document (undo). */
  inverse: Patch;
}

function onPage(doc: ScadaDocument, pageId: string, edit: (page: Page) => Page): ScadaDocument {
  return withPage(doc, pageId, edit(getPage(doc, pageId)));
}

function run(doc: ScadaDocument, c: Command): ScadaDocument {
  switch (c.type) {
    case 'addElement':
      return onPage(doc, c.page, (p) => el.addElement(p, c));
    case 'removeElement':
      return onPage(doc, c.page, (p) => el.removeElement(p, c));
    case 'updateElement':
      return onPage(doc, c.page, (p) => el.updateElement(p, c));
    case 'moveElements':
      return onPage(doc, c.page, (p) => el.moveElements(p, c));
    case 'resizeElement':
      return onPage(doc, c.page, (p) => el.resizeElement(p, c));
    case 'rotateElement':
      return onPage(doc, c.page, (p) => el.rotateElement(p, c));
    case 'reorder':
      return onPage(doc, c.page, (p) => el.reorder(p, c));
    case 'group':
      return onPage(doc, c.page, (p) => el.group(p, c));
    case 'ungroup':
      return onPage(doc, c.page, (p) => el.ungroup(p, c));
    case 'setBinding':
      return onPage(doc, c.page, (p) => el.setBinding(p, c));
    case 'setCanvas':
      return pages.setCanvas(doc, c);
    case 'addPage':
      return pages.addPage(doc, c);
    case 'removePage':
      return pages.removePage(doc, c);
    case 'renamePage':
      return pages.renamePage(doc, c);
    case 'movePage':
      return pages.movePage(doc, c);
    case 'batch':
      if (c.commands.length > LIMITS.maxElementsPerPage)
        throw new CommandError('Too many commands in one batch');
      return c.commands.reduce((d, inner) => {
        if ((inner as Command).type === 'batch') throw new CommandError('Batches do not nest');
        return run(d, inner);
      }, doc);
  }
}

/**
 * Applies one command. Pure: `doc` is not modified and unchanged parts are shared with the result.
 * Throws CommandError (and changes nothing) when the command does not fit the document.
 */
export function applyCommand(doc: ScadaDocument, command: Command): Applied {
  const next = run(doc, command);
  const forward = diff(doc, next);
  return { doc: next, forward, inverse: invert(doc, forward) };
}
