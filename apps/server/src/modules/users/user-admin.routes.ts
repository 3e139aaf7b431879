import {
  listOf,
  registerListQuery,
  registerUserRow,
  role,
  roleListUidQuery,
  userCreate,
  userListQuery,
  userRow,
  userUpdate,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { noticeQuotaOn } from '../../platform/notices/sms-quota.js';
import { createSessionsService } from '../auth/sessions.service.js';
import { createFeeConfigService } from '../recharge/fee-config.service.js';
import { buildRolesService } from '../roles/roles.module.js';
import { createDeviceCounter } from './device-count.repository.js';
import { createRegisterListRepository } from './register-list.repository.js';
import { createRegisterListService } from './register-list.service.js';
import { createUserAdminRepository } from './user-admin.repository.js';
import { type CountDevicesOf, createUserAdminService } from './user-admin.service.js';
import { createUsersRepository } from './users.repository.js';

const tags = ['user'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

export interface UserAdminOptions extends ModuleDeps {
  /** bound_devices / delete check; default: counts `devices.owner_user_id` if that table exists. */
  countDevicesOf?: CountDevicesOf;
}

/** Users CRUD, role lists of a user and register users (docs/api-accounts.md). */
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminOptions> = async (app, deps) => {
  const db = deps.database.db;
  const countDevicesOf = deps.countDevicesOf ?? createDeviceCounter(db);
  const usersRepo = createUsersRepository(db);
  const quota = noticeQuotaOn(db, deps.clock);
  const service = createUserAdminService({
    usersRepo,
    adminRepo: createUserAdminRepository(db),
    sessions: createSessionsService(db),
    clock: deps.clock,
    countDevicesOf,
    checkFees: createFeeConfigService({ db }).checkFees,
    setQuota: (input) => quota.setRemaining(input),
  });
  const roles = buildRolesService(db);
  const registered = createRegisterListService({ repo: createRegisterListRepository(db), countDevicesOf });

  app.get(
    '/auth/user',
    {
      config: { permission: 'auth.User' },
      schema: {
        tags,
        summary: "Users below the caller's data owner",
        querystring: userListQuery,
        response: okResponse(listOf(userRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );

  app.get(
    '/auth/user/:id',
    {
      config: { permission: 'auth.User' },
      schema: { tags, summary: 'A user', params: idParams, response: okResponse(userRow) },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );

  app.post(
    '/auth/user',
    {
      config: { permission: 'auth.User/add' },
      schema: {
        tags,
        summary: 'Create a customer or sub-account',
        body: userCreate,
        response: okResponse(userRow),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );

  app.put(
    '/auth/user/:id',
    {
      config: { permission: 'auth.User/edit' },
      schema: {
        tags,
        summary: 'Update a user',
        params: idParams,
        body: userUpdate,
        response: okResponse(userRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/auth/user/:id',
    {
      config: { permission: 'auth.User/delete' },
      schema: {
        tags,
        summary: 'Delete a user without children',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );

  app.get(
    '/auth/user/assignedRoleList',
    {
      config: { permission: 'auth.User' },
      schema: {
        tags,
        summary: 'Roles assigned to a user',
        querystring: roleListUidQuery,
        response: okResponse(z.array(role)),
      },
    },
    async (request) => ok(await roles.assignedTo(scopeOf(request), request.query.uid)),
  );

  app.get(
    '/auth/user/ownedRoleList',
    {
      config: { permission: 'auth.User' },
      schema: {
        tags,
        summary: 'Roles owned by a user',
        querystring: roleListUidQuery,
        response: okResponse(z.array(role)),
      },
    },
    async (request) => ok(await roles.ownedBy(scopeOf(request), request.query.uid)),
  );

  app.get(
    '/auth/user/register',
    {
      config: { permission: 'auth.User/register' },
      schema: {
        tags,
        summary: 'Register users (type 5) below the caller',
        querystring: registerListQuery,
        response: okResponse(listOf(registerUserRow)),
      },
    },
    async (request) => ok(await registered.list(scopeOf(request), request.query)),
  );
};
