import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the data report page and its scheduled reports. */
export const dataReportBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
