import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AUTH_LANDINGS, authLandingLoader, loginLoader, shellLoader } from './guard';
import { RouteError } from './layout/RouteError';
import { RouteFallback } from './layout/RouteFallback';
import { PLANNED_PREFIXES } from './planned-routes';
import { flattenRoutes } from './route-access';
import type { LeafRoute } from './route-types';
import { appRoutes } from './routes';

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
  const pages = flattenRoutes(appRoutes).filter((leaf) => leaf.page && !leaf.meta?.external);
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
      lazy: async () => ({ Component: (await import('../features/accounts/pages/RegisterPage')).default }),
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
    },
    ...AUTH_LANDINGS.map(
      (path): RouteObject => ({
        path,
        loader: authLandingLoader(queryClient),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/AuthRedirectPage')).default,
        }),
        HydrateFallback: RouteFallback,
        ErrorBoundary: RouteError,
      }),
    ),
    {
      path: '/401',
      lazy: async () => ({ Component: (await import('../features/errors/pages/ForbiddenPage')).default }),
      HydrateFallback: RouteFallback,
    },
    {
      path: '/404',
      lazy: async () => ({ Component: (await import('../features/errors/pages/NotFoundPage')).default }),
      HydrateFallback: RouteFallback,
    },
    {
      id: 'shell',
      path: '/',
      loader: shellLoader(queryClient),
      shouldRevalidate: () => true,
      lazy: async () => ({ Component: (await import('./layout/AppLayout')).default }),
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
