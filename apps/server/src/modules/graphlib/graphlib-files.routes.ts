import { GRAPHLIB_URL_PREFIX } from '@fleet/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ModuleDeps } from '../../platform/deps.js';
import { createGraphlibModule } from './graphlib.routes.js';

/** `<64 hex>.svg` or `<64 hex>.png`; any other name is answered 404 before any file is looked at. */
const FILE_NAME = /^([0-9a-f]{64})\.(svg|png)$/;
const TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('not found\n');
}

/**
 * `GET /upload/graphlib/{hash}.svg|.png` (docs/api-scada.md "Graph library"): public and
 * content-addressed, outside /api/v1. The file is answered only when a row holds that content as that
 * kind; `Content-Security-Policy: sandbox` and `nosniff` keep even a hostile file from running as a page.
 */
export const graphlibFileRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const service = createGraphlibModule(deps);

  app.get<{ Params: { file: string } }>(
    `${GRAPHLIB_URL_PREFIX}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const match = FILE_NAME.exec(request.params.file);
      if (!match) return notFound(reply);
      const [, hash, kind] = match as unknown as [string, string, 'svg' | 'png'];
      const bytes = await service.file(hash, kind);
      if (!bytes) return notFound(reply);
      return reply
        .type(TYPES[kind])
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${hash}"`)
        .header('content-disposition', `inline; filename="${hash}.${kind}"`)
        .send(bytes);
    },
  );
  // Deeper or odd paths under the prefix are not the web app's client routes either.
  app.get(`${GRAPHLIB_URL_PREFIX}*`, { schema: { hide: true } }, async (_request, reply) => notFound(reply));
};
