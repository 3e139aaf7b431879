import { z } from 'zod';
import { moduleSwitchesSchema } from './modules.js';

/** GET /system/config: public, read before sign-in. How SPEC 1's switches reach the browser. */
export const systemConfig = z.object({
  modules: moduleSwitchesSchema,
  demo_enabled: z.boolean(),
  /** SPEC 2.1 phone + code sign-in: an SMS provider with a 'code' template is set (issue 21). */
  phone_login: z.boolean(),
  /** SPEC 1 / 2.1: on this host the landing page is /ota/device. Null when not configured. */
  ota_host: z.string().nullable(),
  version: z.string(),
  /** Issue 20: days after a device's service expiry before its data is locked (server default 7). */
  device_expiry_grace_days: z.number().int().optional(),
});

/** The grace period the web assumes when the server does not say (DEVICE_EXPIRY_GRACE_DAYS's default). */
export const DEVICE_EXPIRY_GRACE_DAYS_DEFAULT = 7;
export type SystemConfig = z.infer<typeof systemConfig>;

/** GET /customize/info?domain= */
/** Titles are null when the domain has no customization: the web app then shows its translated default. */
export const customizeInfo = z.object({
  domain: z.string(),
  platform_title: z.string().nullable(),
  bigscreen_title: z.string().nullable(),
});
export type CustomizeInfo = z.infer<typeof customizeInfo>;

export const LANGUAGES = ['zh', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A label in the three languages of the product. */
export const i18nLabel = z.object({ zh: z.string(), en: z.string(), es: z.string() });
export type I18nLabel = z.infer<typeof i18nLabel>;

/** GET /dict?key= answers a list of these. */
export const dictEntry = z.object({ value: z.union([z.string(), z.number()]), label: i18nLabel });
export type DictEntry = z.infer<typeof dictEntry>;

/** GET /option?name=alarm_levels answers a list of these. */
export const optionEntry = z.object({
  value: z.union([z.string(), z.number()]),
  label: i18nLabel,
  color: z.string().optional(),
});
export type OptionEntry = z.infer<typeof optionEntry>;
