import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the history page (chart and table) and the statistical report page. */
export const historyBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
