import { LANGUAGES } from '@fleet/contracts';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { featureBundles } from '../app/i18n-bundles';
import { addFeatureBundles, languageReady, loadLanguage } from '../shared/i18n';

// Same texts as the running app, every language up front (the app loads each when chosen).
await Promise.all([languageReady, ...LANGUAGES.map(loadLanguage)]);
await addFeatureBundles(featureBundles);

// Ant Design's responsive helpers read matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Popovers (Popconfirm, Dropdown) observe their size; jsdom has no layout, so observing is a no-op.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
});
