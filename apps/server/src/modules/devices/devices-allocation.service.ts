import type { AllocationUser, DeviceRow, Reallocation } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { noPermission } from '../../platform/http/errors.js';
import { isBelowDataOwner } from '../../platform/tenancy/scope.js';
import { fieldError, notFound } from './device-errors.js';
import { toDeviceRow } from './device-mapper.js';
import { checkDeviceLimit } from './device-rules.js';
import type { DeviceRecord, DevicesRepository } from './devices.repository.js';

type UserCols = NonNullable<Awaited<ReturnType<DevicesRepository['userById']>>>;

const toUser = (u: UserCols): AllocationUser => ({
  user_id: u.userId,
  username: u.username,
  nick_name: u.nickName,
  user_type: u.userType,
  is_subuser: u.isSubuser,
});

const MAX_CANDIDATES = 500;

/** SPEC 6: a gateway can be assigned, unassigned or transferred to another account or sub-account. */
export function createDevicesAllocationService({ repo }: { repo: DevicesRepository }) {
  /** Only the owner's side (the owner's data subtree) reallocates a device. */
  async function ownedDevice(scope: Scope, id: number): Promise<DeviceRecord> {
    const device = await repo.findVisible(scope, id);
    if (!device) throw notFound('device');
    if (!device.owned) throw noPermission();
    return device;
  }

  /** A user strictly below the caller's data owner, or 10002 naming user_id. */
  async function targetUser(scope: Scope, userId: number): Promise<UserCols> {
    const user = await repo.userById(userId);
    if (!user || !isBelowDataOwner(scope, user.path))
      throw fieldError('user_id', 'not a user or sub-account below you');
    return user;
  }

  async function reread(scope: Scope, id: number): Promise<DeviceRow> {
    const device = await repo.findVisible(scope, id);
    if (!device) throw notFound('device');
    return toDeviceRow(device);
  }

  return {
    async reallocation(scope: Scope, id: number): Promise<Reallocation> {
      const device = await ownedDevice(scope, id);
      // Sequential: one pooled connection per request is plenty here.
      const owner = await repo.userById(device.ownerUserId);
      const assigned = await repo.grantees(id);
      const below = await repo.usersBelow(scope, MAX_CANDIDATES);
      return {
        owner: toUser(owner!),
        assigned: assigned.map(toUser),
        candidates: below.filter((u) => u.userId !== device.ownerUserId).map(toUser),
      };
    },

    /** The device stays with its owner and becomes visible to the user (and its sub-accounts). */
    async assign(scope: Scope, id: number, userId: number): Promise<DeviceRow> {
      const device = await ownedDevice(scope, id);
      const user = await targetUser(scope, userId);
      if (user.userId === device.ownerUserId) throw fieldError('user_id', 'the user already owns the device');
      await repo.grant(id, user.userId, null);
      return reread(scope, id);
    },

    async unassign(scope: Scope, id: number, userId: number): Promise<DeviceRow> {
      await ownedDevice(scope, id);
      if (!(await repo.revoke(id, userId)))
        throw fieldError('user_id', 'the device is not assigned to this user');
      return reread(scope, id);
    },

    /** The user becomes the owner (within its device limit); assignments are cleared. */
    async transfer(scope: Scope, id: number, userId: number): Promise<DeviceRow> {
      const device = await ownedDevice(scope, id);
      const user = await targetUser(scope, userId);
      if (user.isSubuser)
        throw fieldError('user_id', 'a sub-account acts in its parent data; assign instead');
      if (user.userId === device.ownerUserId) throw fieldError('user_id', 'the user already owns the device');
      const from = await repo.userById(device.ownerUserId);
      await repo.transaction(async (tx) => {
        await checkDeviceLimit(user.userId, 1, tx, from?.path);
        await repo.revokeAll(id, tx);
        await repo.setOwner(id, user.userId, tx);
      });
      return reread(scope, id);
    },
  };
}
