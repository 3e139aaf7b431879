import { and, type Column, inArray, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { deviceGrants, devices } from '../../modules/devices/devices.table.js';
import { users } from '../../modules/users/users.table.js';
import type { Scope } from '../auth/scope.js';
import type { Executor } from '../db/client.js';
import { escapeLike } from '../db/like.js';

/*
 * THE tenancy rule (DESIGN 6) in one place. The auth plugin builds a `Scope` once per request from
 * the signed-in user (platform/auth/scope.ts: a sub-account works inside its parent's data, so the
 * rule uses `dataPath` / `dataOwnerId`, never the caller's own path). Services hand that scope to
 * their repository, and the repository turns it into SQL with the helpers below; no file writes
 * `path LIKE` itself (scripts/seams.mjs counts the sites, scope.test.ts refuses new ones).
 *
 * Users keep their ancestor path ('/1/7/12/'), so "this user or any user below it" is the indexed
 * `path LIKE '/1/7/12/%'`. Paths are digits and slashes today; they are escaped anyway so that a
 * path can never widen its own pattern.
 */

/** LIKE pattern of a user path and everything below it ('/1/7/' -> '/1/7/%'). */
export function subtreePattern(path: string): string {
  return `${escapeLike(path)}%`;
}

/** `column` (a user path) is `path` itself or below it. */
export function pathInSubtree(column: Column | SQLWrapper, path: string): SQL {
  return sql`${column} LIKE ${subtreePattern(path)}`;
}

/** `column` (a user path) is strictly below `path`. */
export function pathBelow(column: Column, path: string): SQL {
  return and(pathInSubtree(column, path), ne(column, path))!;
}

/**
 * Rows owned in the caller's data: the owner's path (`users.path` of a joined owner by default, or
 * an aliased owner's path column) is the data owner's or below it.
 */
export function ownerPathInScope(scope: Scope, ownerPath: Column | SQLWrapper = users.path): SQL {
  return pathInSubtree(ownerPath, scope.dataPath);
}

/** Rows owned in the caller's data, by owner id (no join needed: a subquery on `users`). */
export function ownerIdInScope(scope: Scope, ownerId: Column | SQLWrapper): SQL {
  return sql`${ownerId} IN (SELECT ${users.id} FROM ${users} WHERE ${ownerPathInScope(scope)})`;
}

/** Users the caller manages: in its data subtree, its data owner excluded (on `users`). */
export function managedUsers(scope: Scope): SQL {
  return and(ownerPathInScope(scope), ne(users.id, scope.dataOwnerId))!;
}

/*
 * Devices (docs/api-devices.md "Scope"), for every query that lists devices or what belongs to them
 * (devices, online/offline log, alarms, reports, overview, history export). The owner is reached
 * through a subquery, so callers need not join `users` (alarm rows join it as the handler instead).
 */

/** The device's owner is the caller's data owner or below it. */
export function deviceOwned(db: Executor, scope: Scope): SQL {
  return inArray(devices.ownerUserId, db.select({ id: users.id }).from(users).where(ownerPathInScope(scope)));
}

/** Owned in the caller's data subtree, or assigned (granted) to the caller or to its data owner. */
export function deviceVisible(db: Executor, scope: Scope): SQL {
  return or(
    deviceOwned(db, scope),
    inArray(
      devices.id,
      db
        .select({ id: deviceGrants.deviceId })
        .from(deviceGrants)
        .where(inArray(deviceGrants.userId, [scope.userId, scope.dataOwnerId])),
    ),
  )!;
}

/** The same rule for a row already loaded: is a row owned by a user with this path visible? */
export function canSeeOwnerPath(scope: Scope, ownerPath: string): boolean {
  return ownerPath.startsWith(scope.dataPath);
}

/** The same rule for a user already loaded: does the caller manage it (strictly below its data owner)? */
export function isBelowDataOwner(scope: Scope, userPath: string): boolean {
  return userPath.startsWith(scope.dataPath) && userPath !== scope.dataPath;
}
