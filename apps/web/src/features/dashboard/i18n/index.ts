import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the platform overview (/dashboard/index). */
export const dashboardBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
