import type { Executor } from '../../platform/db/client.js';
import { createUsersRepository, type NewUser, type ProfilePatch } from './users.repository.js';

export type { NewUser, ProfilePatch, UserRow } from './users.repository.js';

/**
 * What other modules may read or change of a user account (DESIGN 4: through the users module's
 * service, never its repository): sign-in reads accounts and records logins, registration and the
 * first start create them with their system role. No scope check here: the asking service checks the
 * tenancy rule (platform/tenancy/scope.ts) on what it loads.
 */
export function createUserAccounts(db: Executor) {
  const users = createUsersRepository(db);
  return {
    findById: users.findById,
    findByUsername: users.findByUsername,
    findFirstOfType: users.findFirstOfType,
    create: (input: NewUser, tx?: Executor) => users.create(input, tx),
    updateProfile: (id: number, patch: ProfilePatch, tx?: Executor) => users.updateProfile(id, patch, tx),
    recordLogin: users.recordLogin,
    upsertSystemRole: users.upsertSystemRole,
    assignRole: users.assignRole,
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
