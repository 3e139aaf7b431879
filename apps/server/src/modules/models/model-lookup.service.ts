import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createModelsRepository } from './models.repository.js';

/**
 * What other modules may ask of the device models (DESIGN 4: through the module's service, never
 * its repository): a model the caller sees (a platform model or one owned in its data subtree).
 */
export function createModelLookup(db: Executor) {
  const models = createModelsRepository(db);
  return {
    findVisible: (scope: Scope, id: number, tx?: Executor) => models.findVisible(scope, id, tx),
  };
}

export type ModelLookup = ReturnType<typeof createModelLookup>;
