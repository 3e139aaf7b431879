import { describe, expect, it } from 'vitest';
import { flattenMessages as flatten, placeholdersOf as placeholders } from '../shared/i18n/message-keys';
import { featureBundles } from './i18n-bundles';

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
