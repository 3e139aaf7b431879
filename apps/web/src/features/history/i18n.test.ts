import { describe, expect, it } from 'vitest';
import { flattenMessages, placeholdersOf } from '../../shared/i18n/message-keys';
import { historyBundle } from './i18n';

// The same check app/i18n-bundles.test.ts runs over the registered bundles.
describe('history i18n bundle', () => {
  it('has the keys of zh in en and es, none empty, placeholders kept', () => {
    const zh = flattenMessages(historyBundle.zh);
    for (const lng of ['en', 'es'] as const) {
      const other = flattenMessages(historyBundle[lng]);
      expect([...zh.keys()].filter((k) => !other.has(k))).toEqual([]);
      expect([...other.keys()].filter((k) => !zh.has(k))).toEqual([]);
      for (const [key, text] of zh) {
        expect(other.get(key)?.trim(), `${lng}.${key}`).not.toBe('');
        expect(placeholdersOf(other.get(key) ?? ''), `${lng}.${key}`).toEqual(placeholdersOf(text));
      }
    }
  });
});
