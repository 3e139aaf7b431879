import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of custom screens (list, designer, viewer, external link). */
export const customScreensBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
