import { SCADA_SCHEMA_VERSION } from '../schema/document.js';
import { type ValidationFailure, type ValidationResult, validateDocument } from '../schema/validate.js';
import { v1ToV2 } from './v1-to-v2.js';

type Json = Record<string, unknown>;

/** STEPS[n] turns version n+1 into n+2. Append one step per new version; never edit a released one. */
const STEPS: readonly ((doc: Json) => Json)[] = [v1ToV2];

export type MigrationResult = { ok: true; doc: unknown; from: number } | ValidationFailure;

/**
 * Brings a stored or uploaded document up to SCADA_SCHEMA_VERSION, one step at a time. Pure: the input
 * is not modified. A version newer than this package is refused with `too-new` (a newer editor saved it;
 * an old server must not silently drop what it does not understand). The result is NOT validated yet.
 */
export function migrateDocument(json: unknown): MigrationResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, code: 'invalid', path: '', message: 'A document is a JSON object' };
  }
  const version = (json as Json).schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      code: 'unknown-version',
      path: 'schemaVersion',
      message: 'Missing or invalid schemaVersion',
    };
  }
  if (version > SCADA_SCHEMA_VERSION) {
    return {
      ok: false,
      code: 'too-new',
      path: 'schemaVersion',
      message: `Version ${version} is newer than this server understands (${SCADA_SCHEMA_VERSION})`,
    };
  }
  let doc = json as Json;
  for (let v = version; v < SCADA_SCHEMA_VERSION; v++) doc = STEPS[v - 1]!(doc);
  return { ok: true, doc, from: version };
}

/** migrateDocument then validateDocument: what the server runs on every save and load. */
export function loadDocument(json: unknown): ValidationResult {
  const migrated = migrateDocument(json);
  return migrated.ok ? validateDocument(migrated.doc) : migrated;
}
