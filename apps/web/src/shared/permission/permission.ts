import { ADMIN_ROLE } from '@fleet/contracts';
import { createContext, useContext } from 'react';

/** What the permission directive (SPEC 6) checks against: the server's auth list and the roles. */
export interface PermissionSource {
  authList: readonly string[];
  roles?: readonly string[];
  /**
   * A read-only account (the demo user, `is_demo`): the server refuses every change it asks for (SPEC 6,
   * auth plugin), so no control that changes something is offered to it, whatever its auth list says.
   */
  readOnly?: boolean;
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

/** May the user change something under this permission? Never for a read-only account. */
export function canWrite(source: PermissionSource | null | undefined, need?: PermissionNeed): boolean {
  if (source?.readOnly) return false;
  return need === undefined || hasPermission(source, need);
}

/**
 * For controls that change something (add, edit, delete, save, import, send...): the permission, if any,
 * and not a read-only account. Use `usePermission` only for what the user may see.
 */
export function useCanWrite(need?: PermissionNeed): boolean {
  return canWrite(useContext(PermissionContext), need);
}

/** True for a read-only account (the demo): pages may say so. */
export function useReadOnly(): boolean {
  return useContext(PermissionContext)?.readOnly === true;
}
