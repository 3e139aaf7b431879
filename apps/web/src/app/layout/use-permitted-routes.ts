import { AppstoreOutlined } from '@ant-design/icons';
import type { CustomScreenRow } from '@fleet/contracts';
import { createElement, useMemo } from 'react';
import { useAuthList } from '../../features/auth/api/get-auth-list';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { useCustomScreens } from '../../features/custom-screens/api/custom-screens';
import { useSystemConfig } from '../../features/system/api/get-system-config';
import { filterRoutes, flattenRoutes } from '../route-access';
import type { AppRoute, LeafRoute } from '../route-types';
import { appRoutes } from '../routes';
import { accessContextOf } from '../session';

const SCREENS_GROUP = '/monitorScreen';
const PUBLISHED = { page: 1, limit: 100, published: '1' as const };

/** Published custom screens as external entries (a new window, full screen) of Monitoring screens. */
export function withPublishedScreens(routes: AppRoute[], screens: readonly CustomScreenRow[]): AppRoute[] {
  if (screens.length === 0) return routes;
  return routes.map((route) =>
    route.path === SCREENS_GROUP && route.children
      ? {
          ...route,
          children: [
            ...route.children,
            ...screens.map(
              (s): AppRoute => ({
                path: `published-${s.id}`,
                meta: {
                  titleKey: 'menu.customScreenView',
                  title: s.name,
                  icon: createElement(AppstoreOutlined),
                  external: `/monitorScreen/custom/${s.id}`,
                },
              }),
            ),
          ],
        }
      : route,
  );
}

/** The route tree the signed-in user may see (the shell's loader has already cached its inputs). */
export function usePermittedRoutes(): { permitted: AppRoute[]; leaves: LeafRoute[] } {
  const { data: user } = useUserInfo();
  const { data: authList } = useAuthList();
  const { data: config } = useSystemConfig();
  const maySeeScreens = Boolean(authList?.includes('CustomScreen'));
  const published = useCustomScreens(PUBLISHED, maySeeScreens);
  const screens = maySeeScreens ? published.data?.rows : undefined;
  return useMemo(() => {
    if (!user || !authList) return { permitted: [], leaves: [] };
    const permitted = withPublishedScreens(
      filterRoutes(appRoutes, accessContextOf(user, authList, config)),
      screens ?? [],
    );
    return { permitted, leaves: flattenRoutes(permitted) };
  }, [user, authList, config, screens]);
}
