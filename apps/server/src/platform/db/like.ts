/*
 * The one LIKE escape of the server. PostgreSQL (and PGlite) treat `\` as LIKE's escape character
 * by default, so escaping `\`, `%` and `_` makes any text match only itself inside a pattern.
 */

/** Escapes `\`, `%` and `_` so that `text` matches only itself inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE pattern matching `text` anywhere (search boxes). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
