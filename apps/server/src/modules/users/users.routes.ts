import { changePasswordBody, updateMeBody, userInfo } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createSessionsService } from '../auth/sessions.service.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersService } from './users.service.js';

const tags = ['user'];

export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createUsersService({
    usersRepo: createUsersRepository(deps.database.db),
    sessions: createSessionsService(deps.database.db),
    clock: deps.clock,
  });

  app.get(
    '/auth/user/info',
    { schema: { tags, summary: 'The signed-in user', response: okResponse(userInfo) } },
    async (request) => ok(await service.info(scopeOf(request))),
  );

  app.get(
    '/auth/user/authList',
    {
      schema: { tags, summary: "The caller's permission strings", response: okResponse(z.array(z.string())) },
    },
    async (request) => ok(service.authList(scopeOf(request))),
  );

  app.put(
    '/auth/user/me',
    {
      schema: { tags, summary: 'Update own profile', body: updateMeBody, response: okResponse(userInfo) },
    },
    async (request) => ok(await service.updateMe(scopeOf(request), request.body)),
  );

  app.put(
    '/auth/user/me/password',
    {
      schema: {
        tags,
        summary: 'Change own password (other sessions are signed out)',
        body: changePasswordBody,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.changePassword(scopeOf(request), request.body)),
  );
};
