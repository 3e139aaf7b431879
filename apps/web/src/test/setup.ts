import { LANGUAGES } from '@fleet/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { featureBundles } from '../app/i18n-bundles';
import { addFeatureBundles, languageReady, loadLanguage } from '../shared/i18n';

// Same texts as the running app, every language up front (the app loads each when chosen).
await Promise.all([languageReady, ...LANGUAGES.map(loadLanguage)]);
await addFeatureBundles(featureBundles);

// How long findBy* and waitFor wait for what they look for (Testing Library's default is 1 s). A lazy
// chunk (the map, ECharts) or an Ant Design render takes seconds on a loaded two-core CI machine: a CI
// run failed correct tests at 1 s and at explicit 5 s waits. A test whose element never comes still
// fails, 15 s later. The tests' own ceiling is vitest.config.ts's testTimeout.
configure({ asyncUtilTimeout: 15_000 });

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
