import type { UserFeesBody, UserLimitsBody, UserRow, UserType } from '@fleet/contracts';
import { userMessage } from '../../platform/http/errors.js';
import type { UserPatch, UserView } from './user-admin.repository.js';

type Limited = Pick<
  UserView,
  'projectLimit' | 'deviceLimit' | 'scadaLimit' | 'screenLimit' | 'graphLimit' | 'smsCount' | 'voiceCount'
>;

/** Contract name -> column of each resource limit (SPEC 3). */
export const LIMIT_COLUMNS = {
  project_limit: 'projectLimit',
  device_limit: 'deviceLimit',
  scada_limit: 'scadaLimit',
  screen_limit: 'screenLimit',
  graph_limit: 'graphLimit',
  sms_count: 'smsCount',
  voice_count: 'voiceCount',
} as const satisfies Record<keyof UserLimitsBody, keyof Limited>;

const FEE_COLUMNS = {
  rent_fee: 'rentFee',
  sms_discount: 'smsDiscount',
  voice_discount: 'voiceDiscount',
  scada_discount: 'scadaDiscount',
} as const satisfies Record<keyof UserFeesBody, keyof UserPatch>;

/**
 * The limits patch a caller may give a child: each value at most the owner's own, 'no limit'
 * (null) only when the owner has no limit. `inherit`: absent keys take the owner's value (create).
 */
export function limitsPatch(owner: Limited, body: UserLimitsBody | undefined, inherit: boolean): UserPatch {
  const patch: UserPatch = {};
  for (const [key, column] of Object.entries(LIMIT_COLUMNS) as [keyof UserLimitsBody, keyof Limited][]) {
    const own = owner[column];
    const wanted = body?.[key];
    if (wanted === undefined) {
      if (inherit) patch[column] = own;
      continue;
    }
    if (own !== null && (wanted === null || wanted > own)) {
      throw userMessage('user.limitAboveOwn', { limit: `limits.${key}`, own });
    }
    patch[column] = wanted;
  }
  return patch;
}

export function feesPatch(body: UserFeesBody | undefined): UserPatch {
  const patch: UserPatch = {};
  if (!body) return patch;
  for (const [key, column] of Object.entries(FEE_COLUMNS) as [keyof UserFeesBody, keyof UserPatch][]) {
    const value = body[key];
    if (value !== undefined) Object.assign(patch, { [column]: value });
  }
  return patch;
}

export interface ProfileFields {
  nick_name?: string;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  address?: string | null;
  user_expire?: number | null;
  bigscreen_title?: string | null;
  status?: 0 | 1;
}

export function profilePatch(body: ProfileFields): UserPatch {
  const patch: UserPatch = {};
  if (body.nick_name !== undefined) patch.nickName = body.nick_name;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.email !== undefined) patch.email = body.email === '' ? null : body.email;
  if (body.company !== undefined) patch.company = body.company;
  if (body.address !== undefined) patch.address = body.address;
  if (body.bigscreen_title !== undefined) patch.bigscreenTitle = body.bigscreen_title;
  if (body.status !== undefined) patch.status = body.status;
  if (body.user_expire !== undefined) {
    patch.userExpire = body.user_expire === null ? null : new Date(body.user_expire * 1000);
  }
  return patch;
}

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toUserRow(u: UserView): UserRow {
  return {
    user_id: u.id,
    username: u.username,
    nick_name: u.nickName,
    user_type: u.userType as UserType,
    status: u.status === 1 ? 1 : 0,
    parent_id: u.parentId,
    parent_username: u.parentUsername,
    is_subuser: u.isSubuser,
    phone: u.phone,
    email: u.email,
    company: u.company,
    address: u.address,
    user_expire: epoch(u.userExpire),
    bigscreen_title: u.bigscreenTitle,
    created_at: iso(u.createdAt) ?? '',
    login_time: iso(u.lastLoginAt),
    login_ip: u.lastLoginIp,
    roles: u.roleRefs,
    limits: {
      project_limit: u.projectLimit,
      device_limit: u.deviceLimit,
      scada_limit: u.scadaLimit,
      screen_limit: u.screenLimit,
      graph_limit: u.graphLimit,
      sms_count: u.smsCount,
      voice_count: u.voiceCount,
    },
    fees: {
      rent_fee: u.rentFee,
      sms_discount: u.smsDiscount,
      voice_discount: u.voiceDiscount,
      scada_discount: u.scadaDiscount,
    },
    children_count: u.childrenCount,
  };
}
