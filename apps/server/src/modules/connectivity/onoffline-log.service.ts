import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createConnectivityRepository, type LogFilter } from './connectivity.repository.js';

/**
 * What other modules may read of the online/offline log (DESIGN 4: through the connectivity
 * module's service, never its repository): rows of devices the caller sees, newest first.
 */
export function createOnofflineLog(db: Executor) {
  const repo = createConnectivityRepository(db);
  return {
    logRows: (scope: Scope, query: LogFilter, limit: number, offset?: number) =>
      repo.logRows(scope, query, limit, offset),
  };
}

export type OnofflineLog = ReturnType<typeof createOnofflineLog>;
