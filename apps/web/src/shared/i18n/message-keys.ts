/** Flattens a nested message object into `a.b.c -> text`, to compare languages key by key. */
export function flattenMessages(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

/** The `{{name}}` placeholders of a text, sorted: every language must keep those of zh. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}
