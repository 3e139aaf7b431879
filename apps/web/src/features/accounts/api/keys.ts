import type { LoginLogQuery, UserListQuery } from './types';

/** Query keys of the accounts feature. Mutations invalidate the narrowest key that covers what changed. */
export const accountKeys = {
  all: ['accounts'] as const,
  users: () => [...accountKeys.all, 'users'] as const,
  userList: (query: UserListQuery) => [...accountKeys.users(), 'list', query] as const,
  ownedRoles: (uid?: number) => [...accountKeys.all, 'ownedRoles', uid ?? 'me'] as const,
  registerUsers: (query: object) => [...accountKeys.all, 'registerUsers', query] as const,
  loginLog: (query: LoginLogQuery) => [...accountKeys.all, 'loginLog', query] as const,
  roles: () => [...accountKeys.all, 'roles'] as const,
  roleList: (query: object) => [...accountKeys.roles(), 'list', query] as const,
  rules: () => [...accountKeys.all, 'rules'] as const,
  customize: () => [...accountKeys.all, 'customize'] as const,
  customizeList: (query: object) => [...accountKeys.customize(), 'list', query] as const,
  alarmLevels: () => [...accountKeys.all, 'alarmLevels'] as const,
};
