import { describe, expect, it } from 'vitest';
import { featureBundles } from './i18n-bundles';

function flatten(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('feature i18n bundles', () => {
  it('each bundle has the keys of zh in en and es, none empty, placeholders kept', () => {
    for (const bundle of featureBundles) {
      const zh = flatten(bundle.zh);
      for (const lng of ['en', 'es'] as const) {
        const other = flatten(bundle[lng]);
        expect(
          [...zh.keys()].filter((k) => !other.has(k)),
          lng,
        ).toEqual([]);
        expect(
          [...other.keys()].filter((k) => !zh.has(k)),
          lng,
        ).toEqual([]);
        for (const [key, text] of zh) {
          expect(other.get(key)?.trim(), `${lng}.${key}`).not.toBe('');
          expect(placeholders(other.get(key) ?? ''), `${lng}.${key}`).toEqual(placeholders(text));
        }
      }
    }
  });
});
