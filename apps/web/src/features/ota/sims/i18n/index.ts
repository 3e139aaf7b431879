import { lazyBundle } from '../../../../shared/i18n/bundle';

/** Strings of the SIM cards page. */
export const otaSimsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
