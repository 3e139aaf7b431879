import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the device monitor (/deviceMonitor/index). */
export const monitorBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
