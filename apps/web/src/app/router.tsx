import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AUTH_LANDINGS, authLandingLoader, loginLoader, shellLoader } from './guard';
import { RouteError } from './layout/RouteError';
import { RouteFallback } from './layout/RouteFallback';
import { PLANNED_PREFIXES } from './planned-routes';
import { flattenRoutes } from './route-access';
import type { LeafRoute } from './route-types';
import { appRoutes } from './routes';

/**
 * Feature texts (every feature's bundle) come with the pages behind the login, not with the login
 * page itself: the lazy route waits for them along with its component.
 */
const featureTexts = (): Promise<void> =>
  import('./i18n-bundles').then(async (m) => {
    const { addFeatureBundles } = await import('../shared/i18n');
    await addFeatureBundles(m.featureBundles);
  });

/** A lazy route component that renders only once the feature texts are registered. */
function withTexts(load: () => Promise<{ default: RouteObject['Component'] }>) {
  return async () => {
    const [module] = await Promise.all([load(), featureTexts()]);
    return { Component: module.default };
  };
}

export interface RouteHandle {
  meta?: LeafRoute['meta'];
  fullPath: string;
}

function pageRoute(leaf: LeafRoute): RouteObject {
  const load = leaf.page;
  return {
    path: leaf.fullPath,
    handle: { meta: leaf.meta, fullPath: leaf.fullPath } satisfies RouteHandle,
    lazy: load ? async () => ({ Component: (await load()).default }) : undefined,
  };
}

/** Router of the whole app: public pages, then the guarded shell with every page of the route table. */
export function buildRouteObjects(queryClient: QueryClient): RouteObject[] {
  const leaves = flattenRoutes(appRoutes).filter((leaf) => leaf.page && !leaf.meta?.external);
  const pages = leaves.filter((leaf) => !leaf.meta?.fullScreen);
  const screens = leaves.filter((leaf) => leaf.meta?.fullScreen);
  return [
    {
      path: '/login',
      loader: loginLoader(queryClient),
      shouldRevalidate: () => true,
      lazy: async () => ({ Component: (await import('../features/auth/pages/LoginPage')).default }),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
    },
    {
      path: '/register',
      loader: loginLoader(queryClient),
      lazy: withTexts(() => import('../features/accounts/pages/RegisterPage')),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
    },
    {
      // Issue 23: a custom screen's external link, full screen, no session (the token is the credential).
      path: '/share/screen/:token',
      lazy: withTexts(() => import('../features/custom-screens/pages/SharedScreenPage')),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
    },
    ...AUTH_LANDINGS.map(
      (path): RouteObject => ({
        path,
        loader: authLandingLoader(queryClient),
        lazy: withTexts(() => import('../features/auth/pages/AuthRedirectPage')),
        HydrateFallback: RouteFallback,
        ErrorBoundary: RouteError,
      }),
    ),
    {
      path: '/401',
      lazy: withTexts(() => import('../features/errors/pages/ForbiddenPage')),
      HydrateFallback: RouteFallback,
    },
    {
      path: '/404',
      lazy: withTexts(() => import('../features/errors/pages/NotFoundPage')),
      HydrateFallback: RouteFallback,
    },
    {
      // SPEC 2.4 big-screen layout: monitoring screens, guarded by the shell's loader, without the shell.
      id: 'screens',
      loader: shellLoader(queryClient),
      shouldRevalidate: () => true,
      lazy: withTexts(() => import('./layout/ScreenLayout')),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      children: screens.map(pageRoute),
    },
    {
      id: 'shell',
      path: '/',
      loader: shellLoader(queryClient),
      shouldRevalidate: () => true,
      lazy: withTexts(() => import('./layout/AppLayout')),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: RouteFallback },
        {
          path: 'redirect/*',
          lazy: async () => ({ Component: (await import('./RedirectPage')).default }),
        },
        ...pages.map(pageRoute),
        ...PLANNED_PREFIXES.map(
          (prefix): RouteObject => ({
            path: `${prefix}/*`,
            handle: {
              meta: { titleKey: 'pages.notAvailableTitle', hidden: true },
              fullPath: prefix,
            } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/errors/pages/NotAvailablePage')).default,
            }),
          }),
        ),
        { path: '*', Component: RouteFallback },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(buildRouteObjects(queryClient));
}
