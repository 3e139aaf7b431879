import { useMemo } from 'react';
import { useAuthList } from '../../features/auth/api/get-auth-list';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { useSystemConfig } from '../../features/system/api/get-system-config';
import { filterRoutes, flattenRoutes } from '../route-access';
import type { AppRoute, LeafRoute } from '../route-types';
import { appRoutes } from '../routes';
import { accessContextOf } from '../session';

/** The route tree the signed-in user may see (the shell's loader has already cached its inputs). */
export function usePermittedRoutes(): { permitted: AppRoute[]; leaves: LeafRoute[] } {
  const { data: user } = useUserInfo();
  const { data: authList } = useAuthList();
  const { data: config } = useSystemConfig();
  return useMemo(() => {
    if (!user || !authList) return { permitted: [], leaves: [] };
    const permitted = filterRoutes(appRoutes, accessContextOf(user, authList, config));
    return { permitted, leaves: flattenRoutes(permitted) };
  }, [user, authList, config]);
}
