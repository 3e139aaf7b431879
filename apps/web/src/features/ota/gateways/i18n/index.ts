import { lazyBundle } from '../../../../shared/i18n/bundle';

/** Strings of the OTA gateways page (and the SIM status labels the SIM page shares). */
export const otaGatewaysBundle = lazyBundle({
  zh: () => import('./zh'),
  en: () => import('./en'),
  es: () => import('./es'),
});
