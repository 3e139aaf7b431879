import { z } from 'zod';
import { TRANSMITTED_PASSWORD } from './password.js';
import { userTypeSchema } from './user-types.js';

/** POST /login/login */
export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().regex(TRANSMITTED_PASSWORD, 'password must be the transformed hash'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Answer of login, demo login and refresh (SPEC 3 login result). `expires_in` is in seconds. */
export const loginResult = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** POST /login/refreshtoken */
export const refreshBody = z.object({ token: z.string().optional(), refresh_token: z.string().min(1) });
export type RefreshBody = z.infer<typeof refreshBody>;

/** Resource limits of SPEC 3; null means 'no limit'. */
export const userLimits = z.object({
  project_limit: z.number().int().min(0).nullable(),
  device_limit: z.number().int().min(0).nullable(),
  scada_limit: z.number().int().min(0).nullable(),
  screen_limit: z.number().int().min(0).nullable(),
  graph_limit: z.number().int().min(0).nullable(),
  sms_count: z.number().int().min(0).nullable(),
  voice_count: z.number().int().min(0).nullable(),
});
export type UserLimits = z.infer<typeof userLimits>;

/** Fee settings of SPEC 3: money in cents, discounts in percent (100 = full price). */
export const userFees = z.object({
  rent_fee: z.number().int().min(0),
  sms_discount: z.number().int().min(0).max(100),
  voice_discount: z.number().int().min(0).max(100),
  scada_discount: z.number().int().min(0).max(100),
});
export type UserFees = z.infer<typeof userFees>;

/** GET /auth/user/info (SPEC 3 user info). Times are ISO 8601 except user_expire (epoch seconds). */
export const userInfo = z.object({
  user_id: z.number().int(),
  username: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  user_type: userTypeSchema,
  parent_id: z.number().int().nullable(),
  is_subuser: z.boolean(),
  bigscreen_title: z.string().nullable(),
  user_expire: z.number().int().nullable(),
  roles: z.array(z.string()),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  login_time: z.string().nullable(),
  login_ip: z.string().nullable(),
  is_demo: z.boolean(),
  limits: userLimits,
  fees: userFees,
});
export type UserInfo = z.infer<typeof userInfo>;
