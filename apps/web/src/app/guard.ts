import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router';
import { authKeys } from '../features/auth/api/keys';
import { loginWithBody } from '../features/auth/api/login';
import { logout } from '../features/auth/api/logout';
import { customizeInfoQuery } from '../features/system/api/get-customize-info';
import { showError } from '../shared/api/client';
import { ApiError, messageOf } from '../shared/api/errors';
import i18n from '../shared/i18n';
import { autoLoginBody, decodeAutoLogin } from '../shared/session/auto-login';
import { hasToken } from '../shared/session/token';
import { isPlannedPath } from './planned-routes';
import {
  filterRoutes,
  findLeaf,
  flattenRoutes,
  hasRouteRole,
  landingPath,
  loginUrl,
  safeRedirect,
} from './route-access';
import { appRoutes } from './routes';
import { loadSession } from './session';

/** SPEC 2.1 public landings of a third-party sign-in; after signing in they lead on to `redirect` or /. */
export const AUTH_LANDINGS: readonly string[] = ['/auth-redirect', '/authorizationCode'];

/**
 * SPEC 2.2 query parameter `u`: log in with the carried credentials. On success the parameter is
 * removed and the same path is loaded again; on failure the user lands on /login.
 * Returns null when there is no `u`.
 */
export async function handleAutoLogin(url: URL, queryClient: QueryClient): Promise<Response | null> {
  const u = url.searchParams.get('u');
  if (u === null) return null;
  const credentials = decodeAutoLogin(u);
  if (!credentials) return replace('/login');
  try {
    await loginWithBody(autoLoginBody(credentials));
  } catch (error) {
    showError(messageOf(error, (k) => i18n.t(k), i18n.language));
    return replace('/login');
  }
  queryClient.removeQueries({ queryKey: authKeys.all });
  url.searchParams.delete('u');
  if (url.pathname === '/login' || AUTH_LANDINGS.includes(url.pathname))
    return replace(safeRedirect(url.searchParams.get('redirect')));
  const search = url.searchParams.toString();
  return replace(`${url.pathname}${search ? `?${search}` : ''}`);
}

/** Customization of the current domain is fetched when not cached yet (never blocks navigation on failure). */
async function ensureCustomize(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.ensureQueryData(customizeInfoQuery());
  } catch {
    // The translated default title is used.
  }
}

/** Loader of /login: a signed-in user goes to /. */
export function loginLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const auto = await handleAutoLogin(url, queryClient);
    if (auto) return auto;
    await ensureCustomize(queryClient);
    if (hasToken()) return replace('/');
    return null;
  };
}

/**
 * Loader of /auth-redirect and /authorizationCode (public, SPEC 2.1): a payload signs in and moves on;
 * a signed-in visitor goes to /; otherwise the page explains the link is invalid or expired.
 */
export function authLandingLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const auto = await handleAutoLogin(url, queryClient);
    if (auto) return auto;
    await ensureCustomize(queryClient);
    if (hasToken()) return replace('/');
    return null;
  };
}

/** Loader of the signed-in shell; runs on every navigation inside it (shouldRevalidate: true). */
export function shellLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const auto = await handleAutoLogin(url, queryClient);
    if (auto) return auto;
    await ensureCustomize(queryClient);

    if (!hasToken()) return redirect(loginUrl(`${url.pathname}${url.search}`));

    let session: Awaited<ReturnType<typeof loadSession>>;
    try {
      session = await loadSession(queryClient);
    } catch (error) {
      await logout(queryClient);
      // SPEC 2.2: the error message in the current language (SPEC 8), or 'Verification failed'.
      const text =
        error instanceof ApiError && error.code > 0
          ? messageOf(error, (k) => i18n.t(k), i18n.language)
          : i18n.t('guard.verifyFailed');
      showError(text);
      return redirect('/');
    }

    if (url.pathname.startsWith('/redirect/')) return null;

    const permitted = filterRoutes(appRoutes, session.access);
    const leaf = findLeaf(flattenRoutes(permitted), url.pathname);
    if (!leaf) {
      // A SPEC route still to be built renders a page saying so (router: planned routes).
      if (isPlannedPath(url.pathname)) return null;
      return replace(
        landingPath(permitted, { otaHost: session.config?.ota_host ?? null, currentHost: location.host }),
      );
    }
    if (!hasRouteRole(session.access.roles, leaf.meta)) return replace('/401');
    return null;
  };
}
