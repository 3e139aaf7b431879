import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of accounts. */
export const accountsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
