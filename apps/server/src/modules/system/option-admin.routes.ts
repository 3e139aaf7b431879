import {
  alarmLevelsBody,
  moduleSwitchesSchema,
  modulesUpdateBody,
  optionEntry,
  optionUpdateQuery,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createOptionAdminService } from './option-admin.service.js';
import { createSystemRepository } from './system.repository.js';

export const optionAdminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createOptionAdminService({ repo: createSystemRepository(deps.database.db) });
  app.put(
    '/option',
    {
      schema: {
        tags: ['system'],
        summary: 'Set module switches (partial, merged) or alarm levels (user type 0)',
        querystring: optionUpdateQuery,
        body: z.union([modulesUpdateBody, alarmLevelsBody]),
        response: okResponse(z.union([moduleSwitchesSchema, z.array(optionEntry)])),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.query.name, request.body)),
  );
};
