import type { Executor } from '../../platform/db/client.js';
import { createUserAccounts } from '../users/user-accounts.service.js';
import { createRolesRepository } from './roles.repository.js';
import { createRolesService } from './roles.service.js';

/** The roles service built from its own repository (used by the role routes and the user admin routes). */
export function buildRolesService(db: Executor) {
  return createRolesService({ rolesRepo: createRolesRepository(db), users: createUserAccounts(db) });
}
