import { loadDocument, type ScadaDocument } from '@fleet/scada-model';

/** A drawing's unsaved edits kept in this browser across a reload (one per drawing and user). */
export interface Draft {
  /** The version the edits started from. */
  version: number;
  savedAt: number;
  doc: ScadaDocument;
}

const keyOf = (id: number, user: number | string) => `fleet.scada.draft.${user}.${id}`;

export function readDraft(id: number, user: number | string): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(id, user));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { version?: unknown; savedAt?: unknown; doc?: unknown };
    const loaded = loadDocument(parsed.doc);
    if (!loaded.ok || typeof parsed.version !== 'number' || typeof parsed.savedAt !== 'number') return null;
    return { version: parsed.version, savedAt: parsed.savedAt, doc: loaded.doc };
  } catch {
    return null;
  }
}

export function writeDraft(id: number, user: number | string, draft: Draft): void {
  try {
    localStorage.setItem(keyOf(id, user), JSON.stringify(draft));
  } catch {
    // A full storage only loses the draft, never the editor.
  }
}

export function clearDraft(id: number, user: number | string): void {
  try {
    localStorage.removeItem(keyOf(id, user));
  } catch {
    // ignore
  }
}
