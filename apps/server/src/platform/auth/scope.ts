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
  };
}

export function hasPermission(scope: Scope, permission: Permission | string): boolean {
  return scope.isAdmin || scope.permissions.has(permission);
}
