import { BizCode, UserType } from '@fleet/contracts';
import { AppError, noPermission } from '../http/errors.js';
import { hasPermission, type Scope } from './scope.js';

/**
 * "May this caller see or change this row?" (DESIGN 6), answered from the scope alone.
 * A row is owned by a user; `ownerPath` is that user's ancestor path ('/1/7/12/').
 */

/** 404 / 50000: the object does not exist for the caller (outside its scope). */
export const notFound = (what = 'not found') => new AppError(BizCode.FAILED, what, null, 404);

/** Rows owned by the caller's data owner or by any user below it. */
export function canSeeOwnerPath(scope: Scope, ownerPath: string): boolean {
  return ownerPath.startsWith(scope.dataPath);
}

/** Users the caller manages: strictly below its data owner. */
export function isBelowDataOwner(scope: Scope, userPath: string): boolean {
  return userPath.startsWith(scope.dataPath) && userPath !== scope.dataPath;
}

/** The LIKE pattern of everything owned in the caller's data (`path LIKE pattern`). */
export function dataPathPattern(scope: Scope): string {
  return `${scope.dataPath}%`;
}

/** Platform-level actions: user type 0 only (SPEC 6), 10001 otherwise. */
export function requirePlatform(scope: Scope): void {
  if (scope.userType !== UserType.PLATFORM) throw noPermission();
}

/** True when the caller holds every permission of the list (admin holds all). */
export function holdsAll(scope: Scope, permissions: readonly string[]): boolean {
  return scope.isAdmin || permissions.every((p) => hasPermission(scope, p));
}

/** The caller may only hand out permissions it holds itself (10001 otherwise). */
export function requireHoldsAll(scope: Scope, permissions: readonly string[]): void {
  if (!holdsAll(scope, permissions)) throw noPermission();
}
