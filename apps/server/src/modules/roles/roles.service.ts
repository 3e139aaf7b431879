import {
  type ListResult,
  PERMISSION_GROUPS,
  type Role,
  type RoleBody,
  type RoleListQuery,
  type RoleUpdate,
  type RuleGroup,
} from '@fleet/contracts';
import { notFound, requireHoldsAll, requirePlatform } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { isBelowDataOwner } from '../../platform/tenancy/scope.js';
import type { UserAccounts } from '../users/user-accounts.service.js';
import { toRole } from './roles.mapping.js';
import type { RolePatch, RolesRepository, RoleView } from './roles.repository.js';

export interface RolesServiceDeps {
  rolesRepo: RolesRepository;
  users: Pick<UserAccounts, 'findById'>;
}

export function createRolesService({ rolesRepo, users }: RolesServiceDeps) {
  /** A role owned by the caller's data owner whose permissions the caller holds, else 404 / 10001. */
  async function ownRole(scope: Scope, id: number): Promise<RoleView> {
    const found = await rolesRepo.findById(id);
    if (!found || found.ownerUserId !== scope.dataOwnerId) throw notFound('role not found');
    requireHoldsAll(scope, found.permissions);
    return found;
  }

  /** `uid` must be the caller, its data owner or a user below the data owner (404 otherwise). */
  async function visibleUser(scope: Scope, uid: number): Promise<number> {
    if (uid === scope.userId || uid === scope.dataOwnerId) return uid;
    const user = await users.findById(uid);
    if (!user || !isBelowDataOwner(scope, user.path)) throw notFound('user not found');
    return uid;
  }

  return {
    async list(scope: Scope, q: RoleListQuery): Promise<ListResult<Role>> {
      const { rows, total } = await rolesRepo.list(scope.dataOwnerId, q.search || undefined, {
        ...pageWindow(q),
        sort: q.sort,
        order: q.order,
      });
      return { rows: rows.map(toRole), total };
    },

    async create(scope: Scope, body: RoleBody): Promise<Role> {
      const permissions = [...new Set(body.permissions)];
      requireHoldsAll(scope, permissions);
      const id = await rolesRepo.create({
        ownerUserId: scope.dataOwnerId,
        name: body.name,
        remark: body.remark ?? null,
        permissions,
      });
      if (id === undefined) throw userMessage('role.nameExists');
      return toRole((await rolesRepo.findById(id))!);
    },

    async update(scope: Scope, id: number, body: RoleUpdate): Promise<Role> {
      await ownRole(scope, id);
      const patch: RolePatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.remark !== undefined) patch.remark = body.remark;
      if (body.permissions !== undefined) {
        patch.permissions = [...new Set(body.permissions)];
        requireHoldsAll(scope, patch.permissions);
      }
      if (!(await rolesRepo.update(id, patch))) throw userMessage('role.nameExists');
      return toRole((await rolesRepo.findById(id))!);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      const found = await ownRole(scope, id);
      if (found.userCount > 0) throw userMessage('role.inUse');
      await rolesRepo.delete(id);
      return null;
    },

    rules(scope: Scope): RuleGroup[] {
      requirePlatform(scope);
      return Object.entries(PERMISSION_GROUPS).map(([group, permissions]) => ({
        group,
        permissions: [...permissions],
      }));
    },

    async assignedTo(scope: Scope, uid: number | undefined): Promise<Role[]> {
      const id = await visibleUser(scope, uid ?? scope.userId);
      return (await rolesRepo.assignedTo(id)).map(toRole);
    },

    async ownedBy(scope: Scope, uid: number | undefined): Promise<Role[]> {
      const id = await visibleUser(scope, uid ?? scope.dataOwnerId);
      return (await rolesRepo.ownedBy(id)).map(toRole);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
