import { inArray, or, type SQL } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { deviceGrants, devices } from './devices.table.js';

/*
 * THE device scope rule (docs/api-devices.md "Scope") as conditions on `devices`, for every query that
 * lists devices or what belongs to them (devices, online/offline log, alarms, reports, overview). The
 * owner is reached through a subquery, so callers need not join `users` (alarm rows join it as the
 * handler instead).
 */

/** The device's owner is the caller's data owner or below it. */
export function deviceOwned(db: Executor, scope: Scope): SQL {
  return inArray(devices.ownerUserId, db.select({ id: users.id }).from(users).where(ownerPathInScope(scope)));
}

/** Owned in the caller's data subtree, or assigned to the caller or to its data owner. */
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
