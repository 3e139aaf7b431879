import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the monitoring screens and maps (big screen, GIS screen, device map, location picker). */
export const screensBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
