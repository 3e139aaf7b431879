import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { byteRange } from './byte-range.js';
import { createDownloadTokens } from './download-token.js';
import { createPackageDownloadService } from './package-download.service.js';

function refuse(reply: FastifyReply, status: 403 | 404, text: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(`${text}\n`);
}

/**
 * Package downloads for gateways (docs/protocols.md "OTA") and the public half of the signing key.
 * The download is public but needs the signed `t` of the notice's URL; it streams the stored file
 * (memory stays flat whatever the package size) and answers a single byte range with 206 so a cut
 * download resumes where it stopped.
 */
export const otaPackageRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const signingKey = otaSigningKeyFor(deps.config);
  const packages = createPackageDownloadService({
    dataDir: deps.config.DATA_DIR,
    tokens: createDownloadTokens(signingKey.privateKey),
    clock: deps.clock,
  });

  app.get(
    '/ota/package/:hash',
    {
      config: { public: true },
      schema: {
        tags: ['ota'],
        summary: 'A firmware package for a gateway (signed URL of an OTA notice; byte ranges)',
        params: z.object({ hash: z.string().max(64) }),
        querystring: z.object({ t: z.string().max(80).optional() }),
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const found = await packages.locate(hash, request.query.t ?? '');
      if (found.kind === 'refused') return refuse(reply, found.status, found.text);
      const { path: file, size } = found;
      reply
        .type('application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('etag', `"${hash}"`)
        .header('cache-control', 'private, no-transform');
      const range = byteRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range.kind === 'whole') {
        return reply.header('content-length', String(size)).send(createReadStream(file));
      }
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(createReadStream(file, { start: range.start, end: range.end }));
    },
  );

  app.get(
    '/ota/signing-key',
    {
      config: { permission: 'OtaManager' },
      schema: {
        tags: ['ota'],
        summary: 'The public key gateways verify package manifests with (Ed25519, SPKI PEM)',
        response: okResponse(z.object({ public_key: z.string() })),
      },
    },
    async () => ok({ public_key: signingKey.publicKeyPem }),
  );
};
