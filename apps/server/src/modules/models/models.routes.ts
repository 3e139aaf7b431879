import { listOf, modelBody, modelListQuery, modelRow, modelUpdateBody } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createTemplateLookup } from '../templates/template-lookup.service.js';
import { createModelsRepository } from './models.repository.js';
import { createModelsService } from './models.service.js';

const tags = ['device model'];
const config = { permission: 'DeviceModel' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const modelsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const service = createModelsService({
    repo: createModelsRepository(db),
    templates: createTemplateLookup(db),
  });

  app.get(
    '/device/model',
    {
      config,
      schema: {
        tags,
        summary: 'Device models',
        querystring: modelListQuery,
        response: okResponse(listOf(modelRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/device/model',
    { config, schema: { tags, summary: 'Create a model', body: modelBody, response: okResponse(modelRow) } },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.put(
    '/device/model/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a model',
        params: idParams,
        body: modelUpdateBody,
        response: okResponse(modelRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/device/model/:id',
    { config, schema: { tags, summary: 'Delete a model', params: idParams, response: okResponse(nullData) } },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
};
