import { lazyBundle } from '../../../../shared/i18n/bundle';

/** Strings of the gateway parameter form (registered with the shell: the plan page lives elsewhere). */
export const gatewayParamsBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
