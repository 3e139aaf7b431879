import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createSessionsService } from '../auth/sessions.service.js';
import type { DataLock } from '../devices/data-lock.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';

/**
 * The three questions the live channel asks, each answered in one query by the module that owns the
 * rule (device visibility and the data lock: devices; live sessions: auth), through their services.
 */
export function createLiveSources(db: Executor, dataLock: Pick<DataLock, 'lockedIds'>) {
  const devices = createDeviceLookup(db);
  const sessions = createSessionsService(db);
  return {
    visibleDeviceIds: (scope: Scope): Promise<number[]> => devices.allVisibleIds(scope),
    liveSessionIds: (ids: readonly string[], now: Date): Promise<Set<string>> =>
      sessions.liveSessionIds(ids, now),
    /** Of `ids`, the devices whose data is locked (devices/data-lock.ts, the one rule). */
    lockedDeviceIds: (ids: readonly number[]): Promise<Set<number>> => dataLock.lockedIds(ids),
  };
}

export type LiveSources = ReturnType<typeof createLiveSources>;
