import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of law enforcement records (issue 22 item 5). */
export const enforcementBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
