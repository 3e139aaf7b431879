import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of notices (SMS and voice providers, phone codes). */
export const noticesBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
