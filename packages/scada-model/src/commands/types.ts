import type { Binding, Canvas, Element, Frame } from '../schema/index.js';

/** Where an element sits in the z-order (`order` of the page, bottom first) or moves to. */
export type ZTarget = 'front' | 'back' | 'forward' | 'backward' | number;

/**
 * Every edit the editor makes. Element commands name their page; ids are chosen by the caller (the
 * editor generates them) so a command replayed on another client produces the same document.
 */
export type Command =
  | { type: 'addElement'; page: string; id: string; element: Element; parent?: string; index?: number }
  | { type: 'removeElement'; page: string; id: string }
  | { type: 'updateElement'; page: string; id: string; props: Record<string, unknown> }
  | { type: 'moveElements'; page: string; ids: readonly string[]; dx: number; dy: number }
  | { type: 'resizeElement'; page: string; id: string; frame: Pick<Frame, 'x' | 'y' | 'w' | 'h'> }
  | { type: 'rotateElement'; page: string; id: string; rotation: number }
  | { type: 'reorder'; page: string; id: string; to: ZTarget }
  | { type: 'group'; page: string; ids: readonly string[]; groupId: string }
  | { type: 'ungroup'; page: string; id: string }
  | { type: 'setBinding'; page: string; id: string; index: number; binding: Binding | null }
  | { type: 'setCanvas'; page: string; canvas: Partial<Canvas> }
  | { type: 'addPage'; id: string; name: string; canvas?: Canvas; index?: number }
  | { type: 'removePage'; id: string }
  | { type: 'renamePage'; id: string; name: string }
  | { type: 'movePage'; id: string; index: number }
  /**
   * Several commands as one step (paste, delete or align a selection): applied in order, all or
   * nothing, undone at once. `label` names the step for the undo tooltip. Batches do not nest.
   */
  | { type: 'batch'; commands: readonly Exclude<Command, { type: 'batch' }>[]; label?: string };

export type CommandType = Command['type'];

/** A command that does not fit the document (unknown id, invalid props). Nothing was changed. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}
