import { ADMIN_ROLE, ALL_PERMISSIONS, type Permission, type UserType } from '@fleet/contracts';

/** Who is calling, resolved once per request by the auth plugin and handed to services. */
export interface Scope {
  userId: number;
  userType: UserType;
  /** Ancestor path of the caller, e.g. '/1/7/'; the caller's subtree is `path LIKE '/1/7/%'`. */
  path: string;
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
  roles: string[];
  isDemo: boolean;
  sessionId: string;
  /** A sub-account acts inside its parent's data (docs/api-accounts.md). */
  isSubuser: boolean;
  /** Whose data the caller works on: itself, or its parent when it is a sub-account. */
  dataOwnerId: number;
  /**
   * Path of the data owner. Rows the caller may see are owned by users whose path starts with it;
   * users the caller manages are those strictly below it.
   */
  dataPath: string;
}

export interface RoleGrant {
  name: string;
  permissions: string[];
  is_admin: boolean;
}

export interface ScopeRow {
  userId: number;
  userType: number;
  path: string;
  isDemo: boolean;
  sessionId: string;
  isSubuser: boolean;
  parentId: number | null;
  /** The parent's path, used as the data path of a sub-account. */
  parentPath: string | null;
  roles: RoleGrant[];
}

/** The admin role (by flag or name) grants every permission; other roles grant their lists. */
export function scopeOf(row: ScopeRow): Scope {
  const isAdmin = row.roles.some((r) => r.is_admin || r.name === ADMIN_ROLE);
  const permissions = new Set<string>(
    isAdmin ? ALL_PERMISSIONS : row.roles.flatMap((r) => r.permissions.filter((p) => typeof p === 'string')),
  );
  return {
    userId: row.userId,
    userType: row.userType as UserType,
    path: row.path,
    isAdmin,
    permissions,
    roles: row.roles.map((r) => r.name),
    isDemo: row.isDemo,
    sessionId: row.sessionId,
    isSubuser: row.isSubuser,
    dataOwnerId: row.isSubuser && row.parentId !== null ? row.parentId : row.userId,
    dataPath: row.isSubuser && row.parentPath ? row.parentPath : row.path,
  };
}

export function hasPermission(scope: Scope, permission: Permission | string): boolean {
  return scope.isAdmin || scope.permissions.has(permission);
}
