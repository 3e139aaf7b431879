import type { UserType } from '@fleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { transformPassword } from '../../../shared/session/password';
import type { UserCreate, UserRow, UserUpdate } from '../api/types';
import {
  type FeeFields,
  feesFromForm,
  feesToForm,
  type LimitFields,
  limitsFromForm,
  limitsToForm,
} from './money';

/** What the user drawer edits. */
export interface UserFormValues {
  username: string;
  password?: string;
  confirm?: string;
  is_subuser: boolean;
  user_type?: UserType;
  nick_name?: string;
  phone?: string;
  email?: string;
  company?: string;
  address?: string;
  bigscreen_title?: string;
  user_expire?: Dayjs | null;
  status: boolean;
  role_ids: number[];
  limits: LimitFields;
  fees: FeeFields;
}

const text = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim();
  return s === '' ? null : s;
};

/** The drawer's initial values for a new user (mine: my type and limits bound the choices). */
export function emptyUserForm(defaultType: UserType | undefined): UserFormValues {
  return {
    username: '',
    is_subuser: false,
    user_type: defaultType,
    status: true,
    role_ids: [],
    user_expire: null,
    limits: limitsToForm(null),
    fees: feesToForm(null),
  };
}

export function userToForm(row: UserRow): UserFormValues {
  return {
    username: row.username,
    is_subuser: row.is_subuser,
    user_type: row.user_type,
    nick_name: row.nick_name ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    company: row.company ?? '',
    address: row.address ?? '',
    bigscreen_title: row.bigscreen_title ?? '',
    user_expire: row.user_expire === null ? null : dayjs.unix(row.user_expire),
    status: row.status === 1,
    role_ids: row.roles.map((r) => r.id),
    limits: limitsToForm(row.limits),
    fees: feesToForm(row.fees),
  };
}

/** Epoch seconds at the end of the chosen day (the account works through that day); empty = never. */
export function expireToEpoch(value: Dayjs | null | undefined): number | null {
  return value ? value.endOf('day').unix() : null;
}

function commonFields(v: UserFormValues) {
  return {
    nick_name: (v.nick_name ?? '').trim(),
    phone: text(v.phone),
    email: text(v.email),
    company: text(v.company),
    address: text(v.address),
    bigscreen_title: text(v.bigscreen_title),
    user_expire: expireToEpoch(v.user_expire),
    status: (v.status ? 1 : 0) as 0 | 1,
    role_ids: v.role_ids ?? [],
    limits: limitsFromForm(v.limits),
    fees: feesFromForm(v.fees),
  };
}

/** POST /auth/user body: the clear password goes as reorderPasswordHash(md5) (SPEC 5); a sub-account has no type. */
export function formToCreate(v: UserFormValues): UserCreate {
  return {
    username: v.username.trim(),
    password: transformPassword(v.password ?? ''),
    is_subuser: v.is_subuser,
    ...(v.is_subuser ? {} : { user_type: v.user_type }),
    ...commonFields(v),
  };
}

/** PUT /auth/user/{id} body: username and the sub-account flag cannot change; a sub-account keeps its type. */
export function formToUpdate(v: UserFormValues, row: UserRow): UserUpdate {
  return {
    ...(row.is_subuser || v.user_type === row.user_type ? {} : { user_type: v.user_type }),
    ...commonFields(v),
  };
}
