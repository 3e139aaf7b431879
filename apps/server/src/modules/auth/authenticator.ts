import { type Scope, scopeOf } from '../../platform/auth/scope.js';
import type { TokenSigner } from '../../platform/auth/tokens.js';
import type { Executor } from '../../platform/db/client.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthenticator } from './auth.service.js';

/**
 * Token -> scope, built from the auth module's own repository: the HTTP auth plugin and the live
 * channel use this (DESIGN 4: other modules reach auth through its service, never its repository).
 */
export function buildAuthenticator(db: Executor, signer: TokenSigner, clock: () => Date) {
  return createAuthenticator({ authRepo: createAuthRepository(db), signer, clock });
}

/**
 * A user's scope without a session, for background work on its behalf (an export job): resolved as
 * the auth plugin would, now, and undefined when the account is disabled or expired.
 */
export function buildBackgroundScopes(db: Executor) {
  const auth = createAuthRepository(db);
  return async (userId: number, now: Date): Promise<Scope | undefined> => {
    const row = await auth.findUserScopeRow(userId, now);
    return row ? scopeOf(row) : undefined;
  };
}
