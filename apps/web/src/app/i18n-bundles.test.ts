import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import '../shared/i18n';
import { textsOf } from '../shared/i18n/bundle';
import { flattenMessages as flatten, placeholdersOf as placeholders } from '../shared/i18n/message-keys';
import { featureBundles } from './i18n-bundles';

describe('feature i18n bundles', () => {
  it('each bundle has the keys of zh in en and es, none empty, placeholders kept', async () => {
    for (const bundle of featureBundles) {
      const zh = flatten(await textsOf(bundle, 'zh'));
      for (const lng of ['en', 'es'] as const) {
        const other = flatten(await textsOf(bundle, lng));
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

  it('counted nouns go through i18next plurals (_one/_other) in every language', async () => {
    for (const bundle of featureBundles) {
      for (const lng of ['zh', 'en', 'es'] as const) {
        const keys = [...flatten(await textsOf(bundle, lng)).keys()];
        for (const key of keys.filter((k) => k.endsWith('_other'))) {
          expect(keys, `${lng}.${key}`).toContain(key.replace(/_other$/, '_one'));
        }
      }
    }
    await i18n.changeLanguage('en');
    expect(i18n.t('monitor.map.withoutCoords', { count: 1 })).toBe(
      '1 device has no coordinates and is not on the map',
    );
    expect(i18n.t('monitor.map.withoutCoords', { count: 2 })).toMatch(/^2 devices have/);
    await i18n.changeLanguage('es');
    expect(i18n.t('monitor.map.withoutCoords', { count: 1 })).toMatch(/^1 dispositivo no tiene/);
    expect(i18n.t('monitor.map.withoutCoords', { count: 3 })).toMatch(/^3 dispositivos no tienen/);
    await i18n.changeLanguage('zh');
    expect(i18n.t('monitor.map.withoutCoords', { count: 1 })).toMatch(/^1 台设备/);
  });
});
