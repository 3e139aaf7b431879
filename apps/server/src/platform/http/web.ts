import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_WEB_DIST } from '../paths.js';
import { registerNotFound } from './error-handler.js';

const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` in the repository, then restart the server.\n' +
  'The API is available under /api/v1 (document: /api/v1/openapi.json).\n';

/**
 * Serves the built web app on the same origin: hashed assets cached for a year, index.html never
 * cached, any other GET outside /api falls back to index.html (client-side routes).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist ?? DEFAULT_WEB_DIST;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: 'index.html',
      cacheControl: false,
      etag: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${sep}assets${sep}`);
        const isIndex = basename(filePath) === 'index.html';
        // The offline basemap (tiles, glyphs) changes only with a release: a day, then revalidated by etag.
        const basemap = filePath.includes(`${sep}basemap${sep}`);
        res.header(
          'cache-control',
          hashed && !isIndex
            ? 'public, max-age=31536000, immutable'
            : basemap
              ? 'public, max-age=86400'
              : 'no-cache',
        );
      },
    });
  }
  registerNotFound(app, (_request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.status(200).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
