import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the device ledger (asset register, issue 22 item 1). */
export const assetsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
