import { z } from 'zod';

/**
 * SMS and voice notices (issue 21, docs/notices.md): platform provider settings, the send test and
 * phone sign-in. Shared by the server routes and the web pages.
 */

export const SMS_PROVIDERS = ['aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
/** The channels a provider account serves: text messages and text-to-speech calls. */
export const SMS_CHANNELS = ['sms', 'voice'] as const;
export type SmsChannel = (typeof SMS_CHANNELS)[number];
/** Notice kinds that need an approved template each ('code' = verification code, 'expiry' = service expiry). */
export const SMS_TEMPLATE_KINDS = ['alarm', 'recovery', 'test', 'code', 'expiry'] as const;
export type SmsTemplateKind = (typeof SMS_TEMPLATE_KINDS)[number];

const short = (max: number) => z.string().trim().max(max);
const endpoint = z.union([
  z.literal(''),
  short(300).refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'expected an http(s) URL'),
]);
const templateCode = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only');

/** PUT /notice/provider/{channel}. `access_key_secret` absent or '' keeps the stored one. */
export const smsSettingsInput = z.object({
  provider: z.enum(SMS_PROVIDERS),
  access_key_id: short(128).min(1),
  access_key_secret: short(256).optional(),
  endpoint: endpoint.default(''),
  region: short(64)
    .regex(/^[a-z0-9-]*$/, 'lower-case letters, digits and - only')
    .default(''),
  sdk_app_id: short(64).regex(/^\d*$/, 'digits only').default(''),
  sign_name: short(32).default(''),
  show_number: short(32).regex(/^\d*$/, 'digits only').default(''),
  play_times: z.number().int().min(1).max(3).default(2),
  templates: z
    .object({
      alarm: templateCode.default(''),
      recovery: templateCode.default(''),
      test: templateCode.default(''),
      code: templateCode.default(''),
      expiry: templateCode.default(''),
    })
    .default({ alarm: '', recovery: '', test: '', code: '', expiry: '' }),
});
export type SmsSettingsInput = z.infer<typeof smsSettingsInput>;

/** What GET /notice/provider answers per channel; the secret itself never leaves the server. */
export const smsSettingsRow = z.object({
  channel: z.enum(SMS_CHANNELS),
  configured: z.boolean(),
  provider: z.enum(SMS_PROVIDERS).nullable(),
  access_key_id: z.string(),
  has_secret: z.boolean(),
  endpoint: z.string(),
  region: z.string(),
  sdk_app_id: z.string(),
  sign_name: z.string(),
  show_number: z.string(),
  play_times: z.number().int(),
  templates: z.record(z.string(), z.string()),
  /** Path (under /api/v1) where the provider pushes delivery receipts; null until configured. */
  receipt_path: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SmsSettingsRow = z.infer<typeof smsSettingsRow>;

/** POST /notice/provider/{channel}/test */
export const smsTestBody = z.object({ phone: short(32).min(1) });
export type SmsTestBody = z.infer<typeof smsTestBody>;

export const smsTestAnswer = z.object({
  accepted: z.boolean(),
  retryable: z.boolean(),
  code: z.string(),
  message: z.string(),
  provider_id: z.string(),
});
export type SmsTestAnswer = z.infer<typeof smsTestAnswer>;

/* ---------------------------------------------------------------- phone sign-in and binding */

const phoneText = short(32).min(1);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '6 digits');

/** POST /login/phone/code, POST /user/me/phone/code */
export const phoneCodeBody = z.object({ phone: phoneText });
export type PhoneCodeBody = z.infer<typeof phoneCodeBody>;

/** POST /login/phone, PUT /user/me/phone */
export const phoneCodeCheck = z.object({ phone: phoneText, code });
export type PhoneCodeCheck = z.infer<typeof phoneCodeCheck>;

/** GET /user/me/phone: the verified phone bound to the account (E.164), if any. */
export const phoneBinding = z.object({ phone: z.string().nullable() });
export type PhoneBinding = z.infer<typeof phoneBinding>;
