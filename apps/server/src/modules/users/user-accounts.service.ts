import type { Executor } from '../../platform/db/client.js';
import { createUsersRepository, type ProfilePatch } from './users.repository.js';

export type { ProfilePatch, UserRow } from './users.repository.js';

/**
 * What other modules may read or change of a user account (DESIGN 4: through the users module's
 * service, never its repository). No scope check here: the asking service checks the tenancy rule
 * (platform/tenancy/scope.ts) on what it loads.
 */
export function createUserAccounts(db: Executor) {
  const users = createUsersRepository(db);
  return {
    findById: (id: number, tx?: Executor) => users.findById(id, tx),
    updateProfile: (id: number, patch: ProfilePatch, tx?: Executor) => users.updateProfile(id, patch, tx),
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
