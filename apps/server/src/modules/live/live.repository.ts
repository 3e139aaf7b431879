import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { sessions } from '../auth/auth.table.js';
import { createDevicesRepository } from '../devices/devices.repository.js';
import { users } from '../users/users.table.js';

/** The two questions the live channel asks the database, each in one query. */
export function createLiveRepository(db: Executor) {
  return {
    /** Every device the scope may see: the rule of GET /device, kept in the devices repository. */
    visibleDeviceIds(scope: Scope): Promise<number[]> {
      return createDevicesRepository(db).allVisibleIds(scope);
    },

    /** The sessions among `ids` that are still live: not revoked, not expired, user enabled. */
    async liveSessionIds(ids: readonly string[], now: Date): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, [...ids]),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(users.status, 1),
            or(isNull(users.userExpire), gt(users.userExpire, now)),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
