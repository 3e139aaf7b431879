import {
  appliedResult,
  listOf,
  templateApplyBody,
  templateBody,
  templateDeviceRow,
  templateListQuery,
  templateRow,
  templateUpdateBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/language.js';
import { createDeviceStructure } from '../devices/device-structure.service.js';
import { createTemplatesRepository } from './templates.repository.js';
import { createTemplatesService } from './templates.service.js';

const tags = ['device template'];
const config = { permission: 'DeviceTemplate' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The templates service of a module, built from its dependencies. */
export function buildTemplatesService(deps: ModuleDeps) {
  const db = deps.database.db;
  return createTemplatesService({
    repo: createTemplatesRepository(db),
    devices: createDeviceStructure(db),
  });
}

export const templatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = buildTemplatesService(deps);
  app.get(
    '/device/template',
    {
      config,
      schema: {
        tags,
        summary: 'Device and gateway templates (the platform meter catalogue included)',
        querystring: templateListQuery,
        response: okResponse(listOf(templateRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.get(
    '/device/template/:id',
    { config, schema: { tags, summary: 'A template', params: idParams, response: okResponse(templateRow) } },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/template',
    {
      config,
      schema: { tags, summary: 'Create a template', body: templateBody, response: okResponse(templateRow) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.put(
    '/device/template/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a template (a new version when slaves or points change)',
        params: idParams,
        body: templateUpdateBody,
        response: okResponse(templateRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/device/template/:id',
    {
      config,
      schema: { tags, summary: 'Delete a template', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.get(
    '/device/template/:id/devices',
    {
      config,
      schema: {
        tags,
        summary: 'Devices built from the template, with their version',
        params: idParams,
        response: okResponse(z.array(templateDeviceRow)),
      },
    },
    async (request) => ok(await service.devices(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/template/:id/apply',
    {
      config,
      schema: {
        tags,
        summary: 'Rebuild the slaves and points of the selected devices from the current version',
        params: idParams,
        body: templateApplyBody,
        response: okResponse(appliedResult.extend({ devices: z.number().int() })),
      },
    },
    async (request) =>
      ok(
        await service.apply(
          scopeOf(request),
          request.params.id,
          request.body.device_ids,
          requestLanguage(request),
        ),
      ),
  );
};
