import type { ModuleDeps } from '../../platform/deps.js';
import { userMessage } from '../../platform/http/errors.js';
import { createDeviceLookup, type DeviceLookup } from './device-lookup.service.js';

const DAY_MS = 86_400_000;

export interface DataLockDeps {
  lookup: Pick<DeviceLookup, 'expiredBefore'>;
  clock: () => Date;
  /** `DEVICE_EXPIRY_GRACE_DAYS`: days after the service expiry before the data is locked. */
  graceDays: number;
}

/**
 * The one rule of the expired-device data lock (issue 20 item 4, docs/recharge.md "Expired devices"):
 * a device whose service expired more than `graceDays` ago has its data locked in every screen (HTTP
 * telemetry, the live channel, SCADA runtime) until renewed. Ingest goes on; a renewal moves the
 * expiry and unlocks everything collected meanwhile. Every reader asks this, none computes it again.
 */
export function createDataLock({ lookup, clock, graceDays }: DataLockDeps) {
  const cutoff = () => new Date(clock().getTime() - graceDays * DAY_MS);
  return {
    graceDays,
    /** Of `ids`, the devices whose data is locked now. */
    async lockedIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      return new Set(await lookup.expiredBefore(ids, cutoff()));
    },
    /** 20000 `device.dataLocked` naming the devices of `ids` whose data is locked. */
    async requireUnlocked(ids: readonly number[]): Promise<void> {
      const locked = [...(await this.lockedIds(ids))];
      if (locked.length > 0)
        throw userMessage('device.dataLocked', { ids: locked.join(', '), days: graceDays });
    },
  };
}

export type DataLock = ReturnType<typeof createDataLock>;

/** The data lock of the running app (its database, clock and configured grace period). */
export function dataLockOf(deps: Pick<ModuleDeps, 'database' | 'clock' | 'config'>): DataLock {
  return createDataLock({
    lookup: createDeviceLookup(deps.database.db),
    clock: deps.clock,
    graceDays: deps.config.DEVICE_EXPIRY_GRACE_DAYS,
  });
}
