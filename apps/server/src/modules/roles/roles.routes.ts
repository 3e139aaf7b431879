import { listOf, role, roleBody, roleListQuery, roleUpdate, ruleGroup } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { buildRolesService } from './roles.module.js';

const tags = ['role'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const rolesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = buildRolesService(deps.database.db);

  app.get(
    '/auth/group',
    {
      config: { permission: 'auth.Group/index' },
      schema: {
        tags,
        summary: "Roles of the caller's data owner",
        querystring: roleListQuery,
        response: okResponse(listOf(role)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );

  app.post(
    '/auth/group',
    {
      config: { permission: 'auth.Group/add' },
      schema: { tags, summary: 'Create a role', body: roleBody, response: okResponse(role) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );

  app.put(
    '/auth/group/:id',
    {
      config: { permission: 'auth.Group/edit' },
      schema: {
        tags,
        summary: 'Update a role',
        params: idParams,
        body: roleUpdate,
        response: okResponse(role),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/auth/group/:id',
    {
      config: { permission: 'auth.Group/delete' },
      schema: { tags, summary: 'Delete a role', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );

  app.get(
    '/auth/rule',
    {
      schema: {
        tags,
        summary: 'Permission catalogue (user type 0)',
        response: okResponse(z.array(ruleGroup)),
      },
    },
    async (request) => ok(service.rules(scopeOf(request))),
  );
};
