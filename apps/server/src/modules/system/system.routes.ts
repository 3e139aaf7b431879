import {
  DICT_KEYS,
  dictEntry,
  healthResult,
  OPTION_NAMES,
  optionEntry,
  systemConfig,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { serverVersion } from '../../platform/version.js';
import { createSystemRepository } from './system.repository.js';
import { createSystemService } from './system.service.js';

const tags = ['system'];
const dictQuery = z.object({ key: z.enum(DICT_KEYS), keep_star: z.enum(['0', '1']).optional() });
const optionQuery = z.object({ name: z.enum(OPTION_NAMES) });

export const systemRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createSystemService({
    repo: createSystemRepository(deps.database.db),
    config: deps.config,
    databaseKind: deps.database.kind,
    version: serverVersion(),
  });

  app.get(
    '/system/config',
    {
      config: { public: true },
      schema: { tags, summary: 'Module switches and platform settings', response: okResponse(systemConfig) },
    },
    async () => ok(await service.systemConfig()),
  );

  app.get(
    '/health',
    { config: { public: true }, schema: { tags, summary: 'Liveness', response: okResponse(healthResult) } },
    async () => ok(await service.health()),
  );

  app.get(
    '/dict',
    {
      schema: {
        tags,
        summary: 'A dictionary',
        querystring: dictQuery,
        response: okResponse(z.array(dictEntry)),
      },
    },
    async (request) => ok(service.dict(request.query.key, request.query.keep_star === '1')),
  );

  app.get(
    '/option',
    {
      schema: {
        tags,
        summary: 'A named option list',
        querystring: optionQuery,
        response: okResponse(z.array(optionEntry)),
      },
    },
    async (request) => ok(await service.option(request.query.name)),
  );
};
