import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the devices. */
export const devicesBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
