import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of maintenance plans and the figures page. */
export const maintenancePlansBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
