import type { ListResult, UserCreate, UserFees, UserListQuery, UserRow, UserUpdate } from '@fleet/contracts';
import { notFound, requireHoldsAll } from '../../platform/auth/access.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { noPermission, paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { isBelowDataOwner } from '../../platform/tenancy/scope.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { UserAdminRepository, UserPatch, UserView } from './user-admin.repository.js';
import { feesPatch, limitsPatch, profilePatch, toUserRow } from './user-rules.js';
import type { UsersRepository } from './users.repository.js';

/** How many devices each user owns (bound_devices); injected so the devices module can answer. */
export type CountDevicesOf = (userIds: number[]) => Promise<Map<number, number>>;

/** Sets a user's remaining SMS / voice count through the ledger (platform/notices/sms-quota.ts). */
export type SetQuota = (input: {
  channel: 'sms' | 'voice';
  userId: number;
  before: number | null;
  after: number | null;
  by: { id: number; username: string };
}) => Promise<unknown>;

export interface UserAdminServiceDeps {
  usersRepo: Pick<UsersRepository, 'findById' | 'create'>;
  adminRepo: UserAdminRepository;
  sessions: Pick<SessionsService, 'revokeAllSessions'>;
  clock: () => Date;
  countDevicesOf: CountDevicesOf;
  /** Fees set on an account below `parentId` are never below the parent's own cost (20000). */
  checkFees: (parentId: number, fees: Partial<UserFees> | undefined) => Promise<void>;
  /** Without it (tests of other rules) the counts are only stored on the user row. */
  setQuota?: SetQuota;
}

export function createUserAdminService(deps: UserAdminServiceDeps) {
  const { usersRepo, adminRepo, sessions, clock, countDevicesOf, checkFees } = deps;

  async function dataOwner(scope: Scope) {
    const owner = await usersRepo.findById(scope.dataOwnerId);
    if (!owner) throw noPermission();
    return owner;
  }

  /** A user the caller manages (strictly below its data owner), else 404. */
  async function managed(scope: Scope, id: number): Promise<UserView> {
    const target = await adminRepo.findView(id);
    if (!target || !isBelowDataOwner(scope, target.path)) throw notFound('user not found');
    return target;
  }

  /** Changing a user: never oneself; a sub-account only users with no more rights than its own. */
  async function changeable(scope: Scope, id: number): Promise<UserView> {
    const target = await managed(scope, id);
    if (target.id === scope.userId) throw noPermission();
    const grants = await adminRepo.grantsOf(target.id);
    if (grants.admin && !scope.isAdmin) throw noPermission();
    if (scope.isSubuser) requireHoldsAll(scope, grants.permissions);
    return target;
  }

  /** Roles the caller may give: owned by its data owner and within its own permissions. */
  async function checkRoles(scope: Scope, roleIds: number[]): Promise<number[]> {
    const ids = [...new Set(roleIds)];
    const found = await adminRepo.rolesByIds(ids);
    if (found.length !== ids.length || found.some((r) => r.ownerUserId !== scope.dataOwnerId)) {
      throw notFound('role not found');
    }
    for (const r of found) {
      if (r.isAdmin) throw noPermission();
      requireHoldsAll(scope, r.permissions);
    }
    return ids;
  }

  async function view(id: number): Promise<UserRow> {
    const row = await adminRepo.findView(id);
    if (!row) throw notFound('user not found');
    return toUserRow(row);
  }

  return {
    async list(scope: Scope, q: UserListQuery): Promise<ListResult<UserRow>> {
      const { rows, total } = await adminRepo.list(
        {
          scope,
          search: q.search || undefined,
          userType: q.user_type,
          status: q.status,
          parentId: q.parent_id,
          subuser: q.subuser,
        },
        { ...pageWindow(q), sort: q.sort, order: q.order },
      );
      return { rows: rows.map(toUserRow), total };
    },

    async get(scope: Scope, id: number): Promise<UserRow> {
      if (id === scope.userId) return view(id);
      return toUserRow(await managed(scope, id));
    },

    async create(scope: Scope, body: UserCreate): Promise<UserRow> {
      const owner = await dataOwner(scope);
      const isSubuser = body.is_subuser === true;
      let userType = owner.userType;
      if (!isSubuser) {
        if (body.user_type === undefined) throw paramError('body.user_type: required');
        if (body.user_type <= scope.userType) throw noPermission();
        userType = body.user_type;
      }
      const roleIds = await checkRoles(scope, body.role_ids ?? []);
      await checkFees(owner.id, body.fees);
      const patch: UserPatch = {
        ...profilePatch(body),
        ...limitsPatch(owner, body.limits, true),
        ...feesPatch(body.fees),
      };
      const created = await usersRepo.create({
        ...patch,
        username: body.username,
        passwordHash: await hashPassword(body.password),
        userType,
        isSubuser,
        parentId: owner.id,
      });
      if (!created) throw userMessage('user.usernameExists');
      await adminRepo.replaceRoles(created.id, roleIds);
      return view(created.id);
    },

    async update(scope: Scope, id: number, body: UserUpdate): Promise<UserRow> {
      const target = await changeable(scope, id);
      const now = clock();
      if (target.isDemo && (body.status === 0 || body.user_expire != null || body.password)) {
        throw noPermission();
      }
      if (target.parentId !== null) await checkFees(target.parentId, body.fees);
      const patch: UserPatch = {
        ...profilePatch(body),
        ...limitsPatch(await dataOwner(scope), body.limits, false),
        ...feesPatch(body.fees),
      };
      if (body.user_type !== undefined && body.user_type !== target.userType) {
        if (target.isSubuser || body.user_type <= scope.userType) throw noPermission();
        const parent = target.parentId ? await usersRepo.findById(target.parentId) : undefined;
        if (parent && body.user_type <= parent.userType) throw noPermission();
        if (target.childrenCount > 0) throw userMessage('user.hasChildren');
        patch.userType = body.user_type;
      }
      if (body.password) patch.passwordHash = await hashPassword(body.password);
      const roleIds = body.role_ids === undefined ? undefined : await checkRoles(scope, body.role_ids);
      // Remaining counts first: once used, the ledger (not the column) holds what remains.
      for (const [channel, column] of [
        ['sms', 'smsCount'],
        ['voice', 'voiceCount'],
      ] as const) {
        const after = patch[column];
        // The drawer sends every limit: an unchanged remaining count must not refill what was used.
        if (after === undefined || after === target[column] || !deps.setQuota) continue;
        const by = await usersRepo.findById(scope.userId);
        await deps.setQuota({
          channel,
          userId: target.id,
          before: target[column],
          after,
          by: { id: scope.userId, username: by?.username ?? '' },
        });
      }
      await adminRepo.update(target.id, patch);
      if (roleIds) await adminRepo.replaceRoles(target.id, roleIds);
      const expired = patch.userExpire != null && patch.userExpire <= now;
      if (patch.status === 0 || expired || patch.passwordHash)
        await sessions.revokeAllSessions(target.id, now);
      return view(target.id);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      const target = await changeable(scope, id);
      if (target.isDemo) throw noPermission();
      if (target.childrenCount > 0) throw userMessage('user.hasChildren');
      const devices = await countDevicesOf([target.id]);
      if ((devices.get(target.id) ?? 0) > 0) throw userMessage('user.ownsDevices');
      await sessions.revokeAllSessions(target.id, clock());
      await adminRepo.delete(target.id);
      return null;
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
