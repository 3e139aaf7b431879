import { createReadStream } from 'node:fs';
import { exportCreateBody, exportJobRow, exportListQuery, listOf } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { createFileStore } from '../../platform/files/file-store.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/language.js';
import { EXPORT_WAKE } from './export-worker.js';
import { createExportsRepository } from './exports.repository.js';
import { createExportsService } from './exports.service.js';

const tags = ['dataCenter'];
/** Every export route; POST also needs the permission of the exported data (checked by the service). */
const config = { permission: 'ExportFile' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Background exports and the download list (docs/api-datacenter.md "Exports"). */
export const exportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const bus = deps.runtime.bus;
  const exports = createExportsService({
    repo: createExportsRepository(deps.database.db),
    store: createFileStore(deps.config.DATA_DIR),
    clock: deps.clock,
    wake: () => bus.publish(EXPORT_WAKE, {}),
  });

  app.post(
    '/dataCenter/export',
    {
      config,
      schema: {
        tags,
        summary: 'Queue an export of a list (history, report, alarm log, devices, statistics)',
        body: exportCreateBody,
        response: okResponse(exportJobRow),
      },
    },
    async (request) => ok(await exports.create(scopeOf(request), request.body, requestLanguage(request))),
  );
  app.get(
    '/dataCenter/fileDownload',
    {
      config,
      schema: {
        tags,
        summary: "The caller's exports, newest first",
        querystring: exportListQuery,
        response: okResponse(listOf(exportJobRow)),
      },
    },
    async (request) => ok(await exports.list(scopeOf(request), request.query)),
  );
  app.get(
    '/dataCenter/fileDownload/:id/file',
    {
      config,
      schema: { tags, summary: 'The file of a finished export', params: idParams },
    },
    async (request, reply) => {
      const file = await exports.file(scopeOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
  app.delete(
    '/dataCenter/fileDownload/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an export (cancels it while queued or running)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await exports.remove(scopeOf(request), request.params.id)),
  );
};
