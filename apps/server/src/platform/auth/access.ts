import { BizCode, UserType } from '@fleet/contracts';
import { AppError, noPermission } from '../http/errors.js';
import { hasPermission, type Scope } from './scope.js';

/**
 * "May this caller see or change this row?" (DESIGN 6), answered from the scope alone.
 * A row is owned by a user; `ownerPath` is that user's ancestor path ('/1/7/12/').
 */

/** 404 / 50000: the object does not exist for the caller (outside its scope). */
export const notFound = (what = 'not found') => new AppError(BizCode.FAILED, what, null, 404);

// The tenancy rule itself (SQL and loaded rows) lives in platform/tenancy/scope.ts.
export { canSeeOwnerPath, isBelowDataOwner } from '../tenancy/scope.js';

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
