import { customizeInfo } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createCustomizeRepository } from './customize.repository.js';
import { createCustomizeService } from './customize.service.js';

const infoQuery = z.object({
  /** The browser's host; the request's Host header when absent. */
  domain: z.string().trim().max(253).optional(),
});

export const customizeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createCustomizeService({
    repo: createCustomizeRepository(deps.database.db),
    defaultTitle: deps.config.PLATFORM_TITLE ?? null,
  });

  app.get(
    '/customize/info',
    {
      config: { public: true },
      schema: {
        tags: ['customize'],
        summary: 'Branding of a domain',
        querystring: infoQuery,
        response: okResponse(customizeInfo),
      },
    },
    async (request) => ok(await service.info(request.query.domain || request.host)),
  );
};
