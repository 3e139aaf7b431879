import {
  customize,
  customizeBody,
  customizeListQuery,
  customizeUpdate,
  listOf,
  userCustomize,
  userCustomizeBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createUserAccounts } from '../users/user-accounts.service.js';
import { createCustomizeAdminRepository } from './customize-admin.repository.js';
import { createCustomizeAdminService } from './customize-admin.service.js';

const tags = ['customize'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const customizeAdminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createCustomizeAdminService({
    repo: createCustomizeAdminRepository(deps.database.db),
    users: createUserAccounts(deps.database.db),
  });
  const permission = 'auth.Customize' as const;

  app.get(
    '/customize',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Customizations (user type 0)',
        querystring: customizeListQuery,
        response: okResponse(listOf(customize)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/customize',
    {
      config: { permission },
      schema: { tags, summary: 'Customize a domain', body: customizeBody, response: okResponse(customize) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.put(
    '/customize/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a customization',
        params: idParams,
        body: customizeUpdate,
        response: okResponse(customize),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/customize/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Delete a customization', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.get(
    '/auth/user/customize',
    { schema: { tags, summary: "The caller's titles", response: okResponse(userCustomize) } },
    async (request) => ok(await service.mine(scopeOf(request))),
  );
  app.put(
    '/auth/user/customize',
    {
      schema: {
        tags,
        summary: "Set the caller's big-screen title",
        body: userCustomizeBody,
        response: okResponse(userCustomize),
      },
    },
    async (request) => ok(await service.updateMine(scopeOf(request), request.body)),
  );
};
