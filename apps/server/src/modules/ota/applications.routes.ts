import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  listOf,
  OTA_PACKAGE_MAX_BYTES,
  otaApplicationListQuery,
  otaApplicationRow,
  otaApplicationUploadFields,
} from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { otaSigningKeyFor } from '../../platform/crypto/signing-key.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { createFileStore, type FileStore } from '../../platform/files/file-store.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { fieldError, paramError } from '../../platform/http/errors.js';
import { createOtaApplicationsRepository } from './applications.repository.js';
import { createOtaApplicationsService, type UploadedPackage } from './applications.service.js';
import { OTA_STORE_AREA } from './package-download.service.js';

const tags = ['ota'];
const read = { permission: ['OtaManager', 'ota.Application/index'] } as const;
const write = { permission: ['OtaManager'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

const MULTIPART_FAULTS: Record<string, string> = {
  FST_FILES_LIMIT: 'body.file: one file per upload',
  FST_PARTS_LIMIT: 'body: too many parts',
  FST_FIELDS_LIMIT: 'body: too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body: multipart/form-data expected',
};

const tooLarge = () =>
  fieldError('body.file', 'ota.packageTooLarge', { max: OTA_PACKAGE_MAX_BYTES / 1024 / 1024 });

/**
 * Streams the `file` part into a temp file of the store (memory stays flat whatever the size) and
 * collects the text fields; a package above the limit is refused and its temp file removed.
 */
async function readUpload(
  request: FastifyRequest,
  store: FileStore,
): Promise<{ fields: Record<string, string>; file: UploadedPackage }> {
  if (!request.isMultipart()) throw fieldError('body.file', 'ota.fileRequired');
  const fields: Record<string, string> = {};
  let file: UploadedPackage | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw paramError(`body.${part.fieldname}: one file part named "file" is expected`);
        }
        const tempPath = store.tempPath('.pkg');
        file = { tempPath, filename: part.filename ?? '' };
        await pipeline(part.file, createWriteStream(tempPath, { mode: 0o600 }));
        if (part.file.truncated) throw tooLarge();
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) throw paramError(`body.${part.fieldname}: too long`);
        if (value.includes('\u0000')) throw paramError(`body.${part.fieldname}: must not contain a NUL byte`);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (file) await unlink(file.tempPath).catch(() => undefined);
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (MULTIPART_FAULTS[code]) throw paramError(MULTIPART_FAULTS[code]);
    throw error;
  }
  if (!file) throw fieldError('body.file', 'ota.fileRequired');
  return { fields, file };
}

/** Firmware applications (docs/api-ota.md "Applications"). */
export const otaApplicationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const store = createFileStore(deps.config.DATA_DIR, OTA_STORE_AREA);
  const service = createOtaApplicationsService({
    repo: createOtaApplicationsRepository(deps.database.db),
    store,
    signingKey: otaSigningKeyFor(deps.config).privateKey,
    clock: deps.clock,
  });
  await app.register(multipart, {
    limits: { fileSize: OTA_PACKAGE_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 4096 },
  });

  app.get(
    '/ota/applications',
    {
      config: read,
      schema: {
        tags,
        summary: 'Firmware applications in the caller’s data, newest first',
        querystring: otaApplicationListQuery,
        response: okResponse(listOf(otaApplicationRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.get(
    '/ota/applications/:id',
    {
      config: read,
      schema: { tags, summary: 'One application', params: idParams, response: okResponse(otaApplicationRow) },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );
  app.post(
    '/ota/applications',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Upload a firmware package (multipart: file, name, version, models, counter, notes, expires_days)',
        consumes: ['multipart/form-data'],
        response: okResponse(otaApplicationRow),
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, store);
      const parsed = otaApplicationUploadFields.safeParse(fields);
      if (!parsed.success) {
        await unlink(file.tempPath).catch(() => undefined);
        const issue = parsed.error.issues[0]!;
        throw paramError(`body.${issue.path.join('.') || 'fields'}: ${issue.message}`);
      }
      return ok(await service.create(scopeOf(request), parsed.data, file));
    },
  );
  app.delete(
    '/ota/applications/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an application no plan uses',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await service.remove(scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
