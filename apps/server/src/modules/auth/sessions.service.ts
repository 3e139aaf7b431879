import type { Executor } from '../../platform/db/client.js';
import { createAuthRepository } from './auth.repository.js';

/**
 * What other modules may ask of sign-in sessions (DESIGN 4: through the auth module's service, never
 * its repository): end a user's sessions when its password, status or rights change, and tell the
 * live channel which of its sessions are still live.
 */
export function createSessionsService(db: Executor) {
  const auth = createAuthRepository(db);
  return {
    /** Every session of the user (disabled, password reset by an administrator). */
    revokeAllSessions: (userId: number, now: Date, tx?: Executor) => auth.revokeAllSessions(userId, now, tx),
    /** Every session but `keepId` (the user changed its own password). */
    revokeOtherSessions: (userId: number, keepId: string, now: Date, tx?: Executor) =>
      auth.revokeOtherSessions(userId, keepId, now, tx),
    /** The ids of `ids` whose session is neither revoked nor expired at `now`. */
    liveSessionIds: (ids: readonly string[], now: Date, tx?: Executor) => auth.liveSessionIds(ids, now, tx),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
