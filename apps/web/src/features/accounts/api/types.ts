import type { ListQuery, ModuleSwitches, OptionEntry } from '@fleet/contracts';

/** Shapes of docs/api-accounts.md, from the contracts package (zod schemas of the server). */
export type {
  Customize,
  CustomizeBody,
  LoginLogRow,
  RegisterUserRow,
  Role,
  RoleBody,
  RoleRef,
  RuleGroup,
  UserCreate,
  UserRow,
  UserUpdate,
} from '@fleet/contracts';

/** Query strings as the browser sends them (the contract's schemas describe the parsed server side). */
export interface UserListQuery extends Partial<ListQuery> {
  search?: string;
  user_type?: number;
  status?: number;
  parent_id?: number;
  subuser?: 'true' | 'false';
}

export interface LoginLogQuery extends Partial<ListQuery> {
  username?: string;
  success?: 'true' | 'false';
  /** Epoch seconds. */
  starttime?: number;
  endtime?: number;
}

export type AlarmLevel = OptionEntry;
export type ModulesBody = Partial<ModuleSwitches>;
