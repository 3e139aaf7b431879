import { ADMIN_ROLE } from '@fleet/contracts';
import { createContext, useContext } from 'react';

/** What the permission directive (SPEC 6) checks against: the server's auth list and the roles. */
export interface PermissionSource {
  authList: readonly string[];
  roles?: readonly string[];
}

/** `perm` may be one permission or a list (any of them is enough). The admin role holds every permission. */
export type PermissionNeed = string | readonly string[];

export function hasPermission(source: PermissionSource | null | undefined, need: PermissionNeed): boolean {
  if (!source) return false;
  if (source.roles?.includes(ADMIN_ROLE)) return true;
  const wanted = typeof need === 'string' ? [need] : need;
  return wanted.some((p) => source.authList.includes(p));
}

export const PermissionContext = createContext<PermissionSource | null>(null);

/** True when the signed-in user holds the permission (the shell provides the auth list). */
export function usePermission(need: PermissionNeed): boolean {
  return hasPermission(useContext(PermissionContext), need);
}
