import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of maintenance work orders (also used by the alarm log's "create repair order" action). */
export const maintenanceBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
