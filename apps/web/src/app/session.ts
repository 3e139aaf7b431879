import { MODULE_DEFAULTS, type SystemConfig, type UserInfo } from '@fleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authListQuery } from '../features/auth/api/get-auth-list';
import { userInfoQuery } from '../features/auth/api/get-user-info';
import { systemConfigQuery } from '../features/system/api/get-system-config';
import type { AccessContext } from './route-types';

export interface LoadedSession {
  user: UserInfo;
  access: AccessContext;
  config: SystemConfig | undefined;
}

export function accessContextOf(
  user: UserInfo,
  authList: readonly string[],
  config: SystemConfig | undefined,
): AccessContext {
  return {
    authList,
    userType: user.user_type,
    roles: user.roles,
    modules: config?.modules ?? { ...MODULE_DEFAULTS },
    otaHost: config?.ota_host ?? null,
    currentHost: typeof location === 'undefined' ? '' : location.host,
  };
}

/** Public configuration; a failure falls back to SPEC 1's module defaults. */
export async function loadSystemConfig(queryClient: QueryClient): Promise<SystemConfig | undefined> {
  try {
    return await queryClient.ensureQueryData(systemConfigQuery());
  } catch {
    return undefined;
  }
}

/** User info + auth list (fetched once, then from the cache) and the module switches. Throws when not signed in. */
export async function loadSession(queryClient: QueryClient): Promise<LoadedSession> {
  const [user, authList, config] = await Promise.all([
    queryClient.ensureQueryData(userInfoQuery()),
    queryClient.ensureQueryData(authListQuery()),
    loadSystemConfig(queryClient),
  ]);
  return { user, access: accessContextOf(user, authList, config), config };
}
