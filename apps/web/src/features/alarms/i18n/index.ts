import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of the alarm center, the notification popover and the trigger contacts. */
export const alarmsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
