import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createSessionsService } from '../auth/sessions.service.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';

/**
 * The two questions the live channel asks, each answered in one query by the module that owns the
 * rule (device visibility: devices; live sessions: auth), through their services.
 */
export function createLiveSources(db: Executor) {
  const devices = createDeviceLookup(db);
  const sessions = createSessionsService(db);
  return {
    visibleDeviceIds: (scope: Scope): Promise<number[]> => devices.allVisibleIds(scope),
    liveSessionIds: (ids: readonly string[], now: Date): Promise<Set<string>> =>
      sessions.liveSessionIds(ids, now),
  };
}

export type LiveSources = ReturnType<typeof createLiveSources>;
