import type { ScadaDocument } from '../schema/index.js';
import { applyCommand } from './apply.js';
import { applyPatch, diff, invert, type Patch } from './patch.js';
import type { Command } from './types.js';

export interface HistoryEntry {
  /** What was done, for an "Undo move" label. */
  type: Command['type'];
  /** A batch's label ("paste", "align left"): only batches with the same label merge. */
  label?: string;
  forward: Patch;
  inverse: Patch;
}

/** An immutable undo/redo history: every operation returns a new History. */
export interface History {
  readonly doc: ScadaDocument;
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
  readonly limit: number;
}

/** At least 100 steps (the floor); the default keeps 200. */
export function createHistory(doc: ScadaDocument, options: { limit?: number } = {}): History {
  return { doc, past: [], future: [], limit: Math.max(100, options.limit ?? 200) };
}

/**
 * Applies a command and records it; a new edit clears the redo stack. Throws CommandError.
 * `merge: true` folds the command into the previous step when that step has the same type (a drag or a
 * nudge sends many moves; the operator expects one undo for it). Merged steps are re-diffed from the
 * document before the first of them, so the entry still holds only the changed paths.
 */
export function execute(history: History, command: Command, options: { merge?: boolean } = {}): History {
  const { doc, forward, inverse } = applyCommand(history.doc, command);
  if (forward.length === 0) return { ...history, doc }; // a no-op is not an undo step
  const last = history.past.at(-1);
  const label = command.type === 'batch' ? command.label : undefined;
  const same = last && last.type === command.type && last.label === label;
  if (options.merge && last && same && history.future.length === 0) {
    const before = applyPatch(history.doc, last.inverse);
    const merged = diff(before, doc);
    const past = history.past.slice(0, -1);
    if (merged.length === 0) return { ...history, doc, past }; // back where the step started
    return {
      ...history,
      doc,
      past: [...past, { type: command.type, label, forward: merged, inverse: invert(before, merged) }],
    };
  }
  const past = [...history.past, { type: command.type, label, forward, inverse }];
  return { ...history, doc, past: past.slice(-history.limit), future: [] };
}

export function undo(history: History): History {
  const entry = history.past.at(-1);
  if (!entry) return history;
  return {
    ...history,
    doc: applyPatch(history.doc, entry.inverse),
    past: history.past.slice(0, -1),
    future: [...history.future, entry],
  };
}

export function redo(history: History): History {
  const entry = history.future.at(-1);
  if (!entry) return history;
  return {
    ...history,
    doc: applyPatch(history.doc, entry.forward),
    past: [...history.past, entry],
    future: history.future.slice(0, -1),
  };
}

export const canUndo = (history: History) => history.past.length > 0;
export const canRedo = (history: History) => history.future.length > 0;
