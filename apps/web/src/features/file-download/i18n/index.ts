import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the file download list and the export button. */
export const fileDownloadBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
