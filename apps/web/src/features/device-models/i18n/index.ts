import { lazyBundle } from '../../../shared/i18n/bundle';

/** Strings of device-models. */
export const deviceModelsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
