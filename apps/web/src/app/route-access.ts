import { ADMIN_ROLE } from '@fleet/contracts';
import { matchPath } from 'react-router';
import type { AccessContext, AppRoute, LeafRoute, RouteMeta } from './route-types';

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${child}`;
}

/**
 * SPEC 2.3 / 6: is a single route visible to this user?
 * Module switched off -> absent. A user-type list decides first; otherwise the permission entry
 * (string in the auth list, or a predicate); routes without meta or restriction are visible to all.
 */
export function isRouteVisible(meta: RouteMeta | undefined, ctx: AccessContext): boolean {
  if (!meta) return true;
  if (meta.module && !ctx.modules[meta.module]) return false;
  if (meta.userTypes) return meta.userTypes.includes(ctx.userType);
  if (typeof meta.permission === 'function') return meta.permission(ctx);
  if (typeof meta.permission === 'string') return ctx.authList.includes(meta.permission);
  return true;
}

/** The permitted route tree: invisible routes dropped, groups left without children dropped. */
export function filterRoutes(routes: readonly AppRoute[], ctx: AccessContext): AppRoute[] {
  const out: AppRoute[] = [];
  for (let input of routes) {
    if (!isRouteVisible(input.meta, ctx)) continue;
    // An external entry whose address depends on the context: resolved here, left out without one.
    const external = input.meta?.external;
    if (typeof external === 'function') {
      const url = external(ctx);
      if (!url) continue;
      input = { ...input, meta: { ...input.meta!, external: url } };
    }
    // Reachable but kept out of the menu when its menu rule fails.
    const route =
      input.meta?.menu && !input.meta.hidden && !input.meta.menu(ctx)
        ? { ...input, meta: { ...input.meta, hidden: true } }
        : input;
    if (route.children) {
      const children = filterRoutes(route.children, ctx);
      if (children.length === 0) continue;
      out.push({ ...route, children });
    } else {
      out.push(route);
    }
  }
  return out;
}

/** Leaf routes with absolute paths, in table order. */
export function flattenRoutes(
  routes: readonly AppRoute[],
  parentPath = '',
  parents: RouteMeta[] = [],
): LeafRoute[] {
  const out: LeafRoute[] = [];
  for (const route of routes) {
    const fullPath = joinPath(parentPath || '/', route.path);
    if (route.children) {
      out.push(...flattenRoutes(route.children, fullPath, route.meta ? [...parents, route.meta] : parents));
    } else {
      out.push({ fullPath, meta: route.meta, page: route.page, parents });
    }
  }
  return out;
}

/** SPEC 2.2 / 6: admin passes all; a route without roles passes; otherwise one role must match. */
export function hasRouteRole(userRoles: readonly string[], meta: RouteMeta | undefined): boolean {
  if (userRoles.includes(ADMIN_ROLE)) return true;
  if (!meta?.roles || meta.roles.length === 0) return true;
  return meta.roles.some((role) => userRoles.includes(role));
}

/** The page route (not an external entry) that a pathname opens, if it is permitted. */
export function findLeaf(leaves: readonly LeafRoute[], pathname: string): LeafRoute | undefined {
  return leaves.find(
    (leaf) => !leaf.meta?.external && matchPath({ path: leaf.fullPath, end: true }, pathname),
  );
}

export const OTA_LANDING = '/ota/device';

/**
 * SPEC 2.1 default landing page: on the OTA host /ota/device (when that route exists and is permitted),
 * otherwise the first visible (not hidden), non-external page of the permitted tree.
 */
export function landingPath(
  permitted: readonly AppRoute[],
  host: { otaHost: string | null; currentHost: string },
): string {
  const leaves = flattenRoutes(permitted);
  if (host.otaHost && host.otaHost === host.currentHost && findLeaf(leaves, OTA_LANDING)) return OTA_LANDING;
  const first = leaves.find(
    (leaf) =>
      !leaf.meta?.hidden &&
      !leaf.meta?.external &&
      !leaf.parents.some((p) => p.hidden) &&
      !leaf.fullPath.includes(':'),
  );
  return first?.fullPath ?? '/404';
}

/** `/login?redirect=...`; slashes stay readable, everything else is encoded. */
export function loginUrl(redirectTo: string): string {
  return `/login?redirect=${encodeURIComponent(redirectTo).replace(/%2F/gi, '/')}`;
}

/** Only same-origin absolute paths are accepted as redirect targets. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw.startsWith('/login')) return '/';
  return raw;
}
