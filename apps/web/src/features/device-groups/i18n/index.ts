import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of device-groups. */
export const deviceGroupsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
