import { z } from 'zod';
import { TRANSMITTED_PASSWORD } from './password.js';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * PUT /auth/user/me: strict, so other fields (user_type, status, limits...) are refused with
 * 10002 naming the field. Empty email is allowed (clears it).
 */
export const updateMeBody = z.strictObject({
  nick_name: z.string().trim().max(64).optional(),
  phone: optionalText(32),
  email: z.union([z.email().max(128), z.literal(''), z.null()]).optional(),
  company: optionalText(128),
  address: optionalText(256),
  bigscreen_title: optionalText(128),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

const transmittedPassword = z.string().regex(TRANSMITTED_PASSWORD, 'password must be the transformed hash');

/** PUT /auth/user/me/password: both passwords transformed like login (reorderPasswordHash(md5)). */
export const changePasswordBody = z.strictObject({
  old_password: transmittedPassword,
  new_password: transmittedPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** GET /health */
export const healthResult = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResult = z.infer<typeof healthResult>;

/** Keys accepted by GET /dict?key= */
export const DICT_KEYS = ['device_protocol', 'user_type', 'user_status', 'alarm_type'] as const;
export type DictKey = (typeof DICT_KEYS)[number];

/** Names accepted by GET /option?name= */
export const OPTION_NAMES = ['alarm_levels'] as const;
export type OptionName = (typeof OPTION_NAMES)[number];
