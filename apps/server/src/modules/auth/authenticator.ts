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
