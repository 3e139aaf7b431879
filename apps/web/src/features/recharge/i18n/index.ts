import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the recharge center, the fee overview and the payment merchant settings. */
export const rechargeBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
