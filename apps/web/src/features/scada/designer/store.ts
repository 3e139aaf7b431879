import {
  type Command,
  CommandError,
  canRedo,
  canUndo,
  createHistory,
  execute,
  type History,
  redo,
  type ScadaDocument,
  undo,
} from '@fleet/scada-model';
import { create } from 'zustand';
import type { Clip } from './clipboard';

export interface View {
  zoom: number;
  /** Screen offset of the canvas' top-left corner inside the stage, in CSS pixels. */
  x: number;
  y: number;
}

export interface DesignerState {
  history: History;
  /** The document as last saved (or loaded): unsaved changes are a different object. */
  saved: ScadaDocument;
  pageId: string;
  selection: string[];
  view: View;
  grid: { show: boolean; size: number; snap: boolean };
  clip: Clip | null;
  /** The last refused command's message, for the status bar. */
  error: string | null;
  /** Bumped to ask the stage to fit the page into view. */
  fitTick: number;
  requestFit(): void;
  reset(doc: ScadaDocument, saved?: ScadaDocument): void;
  markSaved(doc: ScadaDocument): void;
  run(command: Command, options?: { merge?: boolean }): boolean;
  undo(): void;
  redo(): void;
  setPage(pageId: string): void;
  select(ids: string[]): void;
  setView(view: Partial<View>): void;
  setGrid(grid: Partial<DesignerState['grid']>): void;
  setClip(clip: Clip | null): void;
}

const keepValid = (state: DesignerState, doc: ScadaDocument): Partial<DesignerState> => {
  const pageId = Object.hasOwn(doc.pages, state.pageId) ? state.pageId : doc.pageOrder[0]!;
  const page = doc.pages[pageId]!;
  const selection = state.selection.filter((id) => page.order.includes(id));
  return { pageId, selection };
};

/** The designer's one store: the document's undo history (the model's commands), selection and view. */
export const useDesigner = create<DesignerState>()((set, get) => ({
  history: createHistory({ schemaVersion: 2, pages: {}, pageOrder: [] } as unknown as ScadaDocument),
  saved: null as unknown as ScadaDocument,
  pageId: '',
  selection: [],
  view: { zoom: 1, x: 40, y: 40 },
  grid: { show: true, size: 10, snap: true },
  clip: null,
  error: null,
  fitTick: 0,
  requestFit() {
    set((s) => ({ fitTick: s.fitTick + 1 }));
  },
  reset(doc, saved = doc) {
    set({
      fitTick: get().fitTick + 1,
      history: createHistory(doc, { limit: 200 }),
      saved,
      pageId: doc.pageOrder[0]!,
      selection: [],
      error: null,
    });
  },
  markSaved(doc) {
    set({ saved: doc });
  },
  run(command, options) {
    const state = get();
    try {
      const history = execute(state.history, command, options);
      set({ history, error: null, ...keepValid(state, history.doc) });
      return true;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      set({ error: error.message });
      return false;
    }
  },
  undo() {
    const state = get();
    if (!canUndo(state.history)) return;
    const history = undo(state.history);
    set({ history, ...keepValid(state, history.doc) });
  },
  redo() {
    const state = get();
    if (!canRedo(state.history)) return;
    const history = redo(state.history);
    set({ history, ...keepValid(state, history.doc) });
  },
  setPage(pageId) {
    set((s) => ({ pageId, selection: [], fitTick: s.fitTick + 1 }));
  },
  select(ids) {
    set({ selection: ids });
  },
  setView(view) {
    set((s) => ({ view: { ...s.view, ...view } }));
  },
  setGrid(grid) {
    set((s) => ({ grid: { ...s.grid, ...grid } }));
  },
  setClip(clip) {
    set({ clip });
  },
}));

export const useDoc = () => useDesigner((s) => s.history.doc);
export const usePage = () => useDesigner((s) => s.history.doc.pages[s.pageId]!);
