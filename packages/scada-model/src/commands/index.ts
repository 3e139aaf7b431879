export { type Applied, applyCommand } from './apply.js';
export {
  canRedo,
  canUndo,
  createHistory,
  execute,
  type History,
  type HistoryEntry,
  redo,
  undo,
} from './history.js';
export { DEFAULT_CANVAS } from './pages.js';
export { applyPatch, diff, invert, type Patch, type PatchOp } from './patch.js';
export { type Command, CommandError, type CommandType, type ZTarget } from './types.js';
