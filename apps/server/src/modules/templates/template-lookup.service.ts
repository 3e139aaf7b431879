import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createTemplatesRepository } from './templates.repository.js';

/**
 * What other modules may ask of the device templates (DESIGN 4: through the module's service, never
 * its repository): a template the caller sees (a platform template or one owned in its data subtree).
 */
export function createTemplateLookup(db: Executor) {
  const templates = createTemplatesRepository(db);
  return {
    findVisible: (scope: Scope, id: number, tx?: Executor) => templates.findVisible(scope, id, tx),
  };
}

export type TemplateLookup = ReturnType<typeof createTemplateLookup>;
