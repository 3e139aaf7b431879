import {
  listOf,
  scadaCopyBody,
  scadaCreateBody,
  scadaDetail,
  scadaForDevice,
  scadaImportBody,
  scadaListQuery,
  scadaPoints,
  scadaPointsQuery,
  scadaPublishBody,
  scadaPublished,
  scadaResolved,
  scadaResolveQuery,
  scadaRow,
  scadaUpdateBody,
} from '@fleet/contracts';
import { LIMITS } from '@fleet/scada-model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/language.js';
import { contentDisposition } from '../exports/exports.routes.js';
import { scadaServiceOf } from './scada.module.js';

const tags = ['scada'];
/** Reading needs IndScada; the service also asks ScadaManager of every change (docs/api-scada.md). */
const config = { permission: 'IndScada' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** A document may reach LIMITS.maxDocumentChars; the body around it (and a thumbnail) gets room. */
export const SCADA_BODY_LIMIT = LIMITS.maxDocumentChars * 2 + 512 * 1024;
const bodyLimit = SCADA_BODY_LIMIT;

export const scadaRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = scadaServiceOf(deps);

  app.get(
    '/scada',
    {
      config,
      schema: {
        tags,
        summary: 'SCADA apps and templates in the caller’s data (no documents)',
        querystring: scadaListQuery,
        response: okResponse(listOf(scadaRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/scada',
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: 'Create an app or a template',
        body: scadaCreateBody,
        response: okResponse(scadaDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body, requestLanguage(request))),
  );
  app.post(
    '/scada/import',
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: 'Create a drawing from an exported file',
        body: scadaImportBody,
        response: okResponse(scadaDetail),
      },
    },
    async (request) => ok(await service.importFile(scopeOf(request), request.body, requestLanguage(request))),
  );
  app.get(
    '/scada/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A drawing with its document',
        params: idParams,
        response: okResponse(scadaDetail),
      },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );
  app.put(
    '/scada/:id',
    {
      config,
      bodyLimit,
      schema: {
        tags,
        summary: 'Rename, set the thumbnail, save the document (with the version it was loaded at)',
        params: idParams,
        body: scadaUpdateBody,
        response: okResponse(scadaDetail),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/scada/:id',
    {
      config,
      schema: { tags, summary: 'Delete a drawing', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.post(
    '/scada/:id/copy',
    {
      config,
      schema: {
        tags,
        summary: 'Copy a drawing (a new one at version 1)',
        params: idParams,
        body: scadaCopyBody.nullish(),
        response: okResponse(scadaDetail),
      },
    },
    async (request) =>
      ok(
        await service.copy(scopeOf(request), request.params.id, request.body ?? {}, requestLanguage(request)),
      ),
  );
  app.get(
    '/scada/:id/export',
    {
      config,
      schema: {
        tags,
        summary: 'The drawing as a JSON file (POST /scada/import takes it back)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(scopeOf(request), request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', contentDisposition(`${file.name}.scada.json`))
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(file));
    },
  );
  app.get(
    '/scada/for-device',
    {
      config,
      schema: {
        tags,
        summary: 'The SCADA templates drawn for a device’s device template (names only)',
        querystring: scadaResolveQuery,
        response: okResponse(scadaForDevice),
      },
    },
    async (request) => ok(await service.forDevice(scopeOf(request), request.query.device_id)),
  );
  app.get(
    '/scada/:id/resolve',
    {
      config,
      schema: {
        tags,
        summary: 'A template drawing for one device of its device template: point names become ids',
        params: idParams,
        querystring: scadaResolveQuery,
        response: okResponse(scadaResolved),
      },
    },
    async (request) =>
      ok(await service.resolve(scopeOf(request), request.params.id, request.query.device_id)),
  );
  app.post(
    '/scada/:id/publish',
    {
      config,
      schema: {
        tags,
        summary: 'Publish a template as one app per chosen device of its device template (all or nothing)',
        params: idParams,
        body: scadaPublishBody,
        response: okResponse(scadaPublished),
      },
    },
    async (request) => ok(await service.publish(scopeOf(request), request.params.id, request.body)),
  );
  app.get(
    '/scada/:id/points',
    {
      config,
      schema: {
        tags,
        summary: 'The points and devices a drawing shows (for a template: on the device `device_id`)',
        params: idParams,
        querystring: scadaPointsQuery,
        response: okResponse(scadaPoints),
      },
    },
    async (request) => ok(await service.points(scopeOf(request), request.params.id, request.query.device_id)),
  );
};
