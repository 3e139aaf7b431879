import { LIMITS } from '../limits.js';
import { documentSchema, type ScadaDocument } from './document.js';

/** Why a document was refused; the server maps every one to code 10002 with `path` and `message`. */
export type ValidationFailure = {
  ok: false;
  code: 'invalid' | 'too-large' | 'too-new' | 'unknown-version';
  path: string;
  message: string;
};
export type ValidationResult = { ok: true; doc: ScadaDocument } | ValidationFailure;

/** `['pages', 'main', 'elements', 'p1', 'bindings', 0]` → `pages.main.elements.p1.bindings[0]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** Size of the serialised document, or null when it is not JSON (cycles, BigInt). */
function serialisedLength(json: unknown): number | null {
  try {
    return JSON.stringify(json)?.length ?? 0;
  } catch {
    return null;
  }
}

/**
 * Validates a document of the CURRENT schema version (use loadDocument for stored or uploaded documents
 * of any version). The size check runs first and is cheap next to the schema walk, so a hostile upload
 * is refused before zod touches it. Reports the first problem, with its path.
 */
export function validateDocument(json: unknown): ValidationResult {
  const length = serialisedLength(json);
  if (length === null) return { ok: false, code: 'invalid', path: '', message: 'Not a JSON document' };
  if (length > LIMITS.maxDocumentChars) {
    return {
      ok: false,
      code: 'too-large',
      path: '',
      message: `Document larger than ${LIMITS.maxDocumentChars}`,
    };
  }
  // Bound the element maps before parsing them: zod would otherwise walk a million bogus elements.
  const pages = (json as { pages?: unknown } | null)?.pages;
  if (pages && typeof pages === 'object') {
    for (const [id, page] of Object.entries(pages)) {
      const elements = (page as { elements?: unknown } | null)?.elements;
      if (
        elements &&
        typeof elements === 'object' &&
        Object.keys(elements).length > LIMITS.maxElementsPerPage
      ) {
        return { ok: false, code: 'too-large', path: `pages.${id}.elements`, message: 'Too many elements' };
      }
    }
  }
  const result = documentSchema.safeParse(json);
  if (result.success) return { ok: true, doc: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, code: 'invalid', path: formatPath(issue.path), message: issue.message };
}
