import { z } from 'zod';
import { userFees, userLimits } from './auth.js';
import { listQuery } from './envelope.js';
import { moduleSwitchesSchema } from './modules.js';
import { TRANSMITTED_PASSWORD, USERNAME_RULE } from './password.js';
import { ALL_PERMISSIONS } from './permissions.js';
import { optionEntry } from './system.js';
import { userTypeSchema } from './user-types.js';

// Schemas of docs/api-accounts.md (issue 7: accounts and tenancy).

const transmitted = z.string().regex(TRANSMITTED_PASSWORD, 'password must be the transformed hash');
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const emailField = z.union([z.email().max(128), z.literal(''), z.null()]).optional();
/** Query booleans: `true`/`false` (also `1`/`0`). */
const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** ISO 8601 or epoch seconds (DESIGN 5). */
export const queryTime = z
  .string()
  .trim()
  .min(1)
  .transform((v, ctx) => {
    const d = /^\d+$/.test(v) ? new Date(Number(v) * 1000) : new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'expected ISO 8601 or epoch seconds' });
      return z.NEVER;
    }
    return d;
  });

/** A role reference inside a user row. */
export const roleRef = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof roleRef>;

/** One user of GET /auth/user (and GET/POST/PUT /auth/user/{id}). */
export const userRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nick_name: z.string(),
  user_type: userTypeSchema,
  status: z.union([z.literal(0), z.literal(1)]),
  parent_id: z.number().int().nullable(),
  parent_username: z.string().nullable(),
  is_subuser: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  /** Epoch seconds; null = never expires. */
  user_expire: z.number().int().nullable(),
  bigscreen_title: z.string().nullable(),
  created_at: z.string(),
  login_time: z.string().nullable(),
  login_ip: z.string().nullable(),
  roles: z.array(roleRef),
  limits: userLimits,
  fees: userFees,
  children_count: z.number().int(),
});
export type UserRow = z.infer<typeof userRow>;

/** Limits in a create/update body: each optional; null = no limit (only from a caller without limit). */
export const userLimitsBody = z.strictObject(userLimits.partial().shape);
export type UserLimitsBody = z.infer<typeof userLimitsBody>;
export const userFeesBody = z.strictObject(userFees.partial().shape);
export type UserFeesBody = z.infer<typeof userFeesBody>;

const userFields = {
  nick_name: z.string().trim().max(64).optional(),
  phone: optionalText(32),
  email: emailField,
  company: optionalText(128),
  address: optionalText(256),
  /** Epoch seconds; null = never. */
  user_expire: z.number().int().min(0).nullable().optional(),
  bigscreen_title: optionalText(128),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  role_ids: z.array(z.number().int().positive()).max(50).optional(),
  limits: userLimitsBody.optional(),
  fees: userFeesBody.optional(),
};

/** POST /auth/user. Strict: unknown fields answer 10002. */
export const userCreate = z.strictObject({
  username: z.string().trim().regex(USERNAME_RULE, 'username: letters and digits, 2 to 32'),
  password: transmitted,
  /** Greater than the caller's type; required unless is_subuser (a sub-account has its parent's type). */
  user_type: userTypeSchema.optional(),
  is_subuser: z.boolean().optional(),
  ...userFields,
});
export type UserCreate = z.infer<typeof userCreate>;

/** PUT /auth/user/{id}: username, is_subuser and parent_id cannot change (10002 if sent). */
export const userUpdate = z.strictObject({
  /** Reset the password (transmitted form). */
  password: transmitted.optional(),
  user_type: userTypeSchema.optional(),
  ...userFields,
});
export type UserUpdate = z.infer<typeof userUpdate>;

/** GET /auth/user */
export const userListQuery = listQuery.extend({
  search: z.string().trim().max(64).optional(),
  user_type: z.coerce.number().int().min(0).max(5).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  parent_id: z.coerce.number().int().positive().optional(),
  subuser: queryBool.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** GET /auth/user/assignedRoleList?uid= and /ownedRoleList?uid= (default: the caller). */
export const roleListUidQuery = z.object({ uid: z.coerce.number().int().positive().optional() });
export type RoleListUidQuery = z.infer<typeof roleListUidQuery>;

/** A role (auth group). */
export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  permissions: z.array(z.string()),
  owner_user_id: z.number().int().nullable(),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof role>;

const ALL_PERMISSION_SET = new Set<string>(ALL_PERMISSIONS);
const permissionName = z.string().refine((p) => ALL_PERMISSION_SET.has(p), 'unknown permission');

/** POST /auth/group */
export const roleBody = z.strictObject({
  name: z.string().trim().min(1).max(64),
  remark: z.string().trim().max(256).nullable().optional(),
  permissions: z.array(permissionName).max(200),
});
export type RoleBody = z.infer<typeof roleBody>;
/** PUT /auth/group/{id} */
export const roleUpdate = z.strictObject(roleBody.partial().shape);
export type RoleUpdate = z.infer<typeof roleUpdate>;

/** GET /auth/group */
export const roleListQuery = listQuery.extend({ search: z.string().trim().max(64).optional() });
export type RoleListQuery = z.infer<typeof roleListQuery>;

/** GET /auth/rule */
export const ruleGroup = z.object({ group: z.string(), permissions: z.array(z.string()) });
export type RuleGroup = z.infer<typeof ruleGroup>;

/** One sign-in attempt of GET /auth/user/login-log. */
export const loginLogRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  success: z.boolean(),
  /** null on success; 'wrong_password', 'unknown_user', 'disabled', 'expired', 'throttled', 'demo'... */
  reason: z.string().nullable(),
});
export type LoginLogRow = z.infer<typeof loginLogRow>;

export const loginLogQuery = listQuery.extend({
  username: z.string().trim().max(64).optional(),
  success: queryBool.optional(),
  starttime: queryTime.optional(),
  endtime: queryTime.optional(),
});
export type LoginLogQuery = z.infer<typeof loginLogQuery>;

/** One row of GET /auth/user/register (user_type 5 below the caller). */
export const registerUserRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nick_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  parent_id: z.number().int().nullable(),
  parent_username: z.string().nullable(),
  /** ISO 8601 time of registration (created_at). */
  registerAt: z.string(),
  bound_devices: z.number().int(),
  login_time: z.string().nullable(),
  user_expire: z.number().int().nullable(),
});
export type RegisterUserRow = z.infer<typeof registerUserRow>;

export const registerListQuery = listQuery.extend({ search: z.string().trim().max(64).optional() });
export type RegisterListQuery = z.infer<typeof registerListQuery>;

/** POST /login/register (public, only while the userRegistration module is on). */
export const registerBody = z.strictObject({
  username: z.string().trim().regex(USERNAME_RULE, 'username: letters and digits, 2 to 32'),
  password: transmitted,
  phone: z.string().trim().max(32).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;
export const registerResult = z.object({ user_id: z.number().int(), username: z.string() });
export type RegisterResult = z.infer<typeof registerResult>;

/** A customization row (GET/POST/PUT /customize). */
export const customize = z.object({
  id: z.number().int(),
  domain: z.string(),
  platform_title: z.string().nullable(),
  bigscreen_title: z.string().nullable(),
  owner_user_id: z.number().int().nullable(),
  owner_username: z.string().nullable(),
  created_at: z.string(),
});
export type Customize = z.infer<typeof customize>;

export const customizeBody = z.strictObject({
  domain: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.\-[\]:]+$/, 'domain: host name'),
  platform_title: z.string().trim().max(128).nullable().optional(),
  bigscreen_title: z.string().trim().max(128).nullable().optional(),
  owner_user_id: z.number().int().positive().nullable().optional(),
});
export type CustomizeBody = z.infer<typeof customizeBody>;
export const customizeUpdate = z.strictObject(customizeBody.partial().shape);
export type CustomizeUpdate = z.infer<typeof customizeUpdate>;

export const customizeListQuery = listQuery.extend({ search: z.string().trim().max(64).optional() });
export type CustomizeListQuery = z.infer<typeof customizeListQuery>;

/** GET /auth/user/customize */
export const userCustomize = z.object({
  platform_title: z.string().nullable(),
  bigscreen_title: z.string().nullable(),
});
export type UserCustomize = z.infer<typeof userCustomize>;
/** PUT /auth/user/customize */
export const userCustomizeBody = z.strictObject({ bigscreen_title: z.string().trim().max(128).nullable() });
export type UserCustomizeBody = z.infer<typeof userCustomizeBody>;

/** Names accepted by PUT /option?name= (user type 0). */
export const OPTION_UPDATE_NAMES = ['modules', 'alarm_levels'] as const;
export type OptionUpdateName = (typeof OPTION_UPDATE_NAMES)[number];
export const optionUpdateQuery = z.object({ name: z.enum(OPTION_UPDATE_NAMES) });

/** PUT /option?name=modules: strict partial module switches, merged over the current ones. */
export const modulesUpdateBody = z.strictObject(moduleSwitchesSchema.partial().shape);
export type ModulesUpdateBody = z.infer<typeof modulesUpdateBody>;

/** PUT /option?name=alarm_levels: 1 to 20 levels, distinct values, colors #rrggbb. */
export const alarmLevelsBody = z
  .array(
    optionEntry
      .extend({
        color: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .optional(),
      })
      .strict(),
  )
  .min(1)
  .max(20)
  .refine((l) => new Set(l.map((e) => e.value)).size === l.length, 'values must be distinct');
export type AlarmLevelsBody = z.infer<typeof alarmLevelsBody>;
