import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import { createDevicesRepository } from '../devices/devices.repository.js';

/**
 * The two questions the live channel asks the database, each in one query, answered by the modules
 * that own the rules (device visibility, live sessions).
 */
export function createLiveRepository(db: Executor) {
  const devices = createDevicesRepository(db);
  const auth = createAuthRepository(db);
  return {
    visibleDeviceIds: (scope: Scope): Promise<number[]> => devices.allVisibleIds(scope),
    liveSessionIds: (ids: readonly string[], now: Date): Promise<Set<string>> =>
      auth.liveSessionIds(ids, now),
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
