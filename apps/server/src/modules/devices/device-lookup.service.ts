import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createDevicesRepository } from './devices.repository.js';
import { createPointsRepository } from './points.repository.js';

export type { DeviceRecord } from './devices.repository.js';

/**
 * What other modules may ask of the device registry (DESIGN 4: a module uses another through its
 * service, never its repository). Reads only, in the caller's scope: a device the caller cannot see
 * answers undefined and the asking module decides between 404 and a field error.
 */
export function createDeviceLookup(db: Executor) {
  const devices = createDevicesRepository(db);
  const points = createPointsRepository(db);
  return {
    /** A device the caller sees (owned in its data subtree or assigned to it). */
    findVisible: (scope: Scope, id: number, tx?: Executor) => devices.findVisible(scope, id, tx),
    /** The devices among `ids` the caller sees (any order; the others left out). */
    findVisibleMany: (scope: Scope, ids: readonly number[], tx?: Executor) =>
      devices.findVisibleMany(scope, ids, tx),
    /** Every device id the caller sees. */
    allVisibleIds: (scope: Scope, tx?: Executor) => devices.allVisibleIds(scope, tx),
    /** The ids of `ids` the caller sees. */
    visibleIds: (scope: Scope, ids: number[], tx?: Executor) => devices.visibleIds(scope, ids, tx),
    /** Of `ids`, the devices whose service expired before `cutoff` (expiry plus the grace period). */
    expiredBefore: (ids: readonly number[], cutoff: Date, tx?: Executor) =>
      devices.expiredBefore(ids, cutoff, tx),
    /** The points of a device (of one slave when `slaveRef` is given); check visibility first. */
    points: (deviceId: number, slaveRef?: number | null, tx?: Executor) =>
      points.points(deviceId, slaveRef, tx),
    /** Points by id, whatever their device: check each device's visibility before answering. */
    pointsByIds: (ids: number[], tx?: Executor) => points.pointsByIds(ids, tx),
  };
}

export type DeviceLookup = ReturnType<typeof createDeviceLookup>;
