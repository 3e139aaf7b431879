import multipart from '@fastify/multipart';
import {
  ASSET_FILE_MAX_BYTES,
  ASSET_IMPORT_MAX_BYTES,
  assetDetail,
  assetFileRow,
  assetImportResult,
  assetInput,
  assetListQuery,
  assetRow,
  listOf,
} from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../../platform/deps.js';
import { createFileStore } from '../../../platform/files/file-store.js';
import { nullData, ok, okResponse } from '../../../platform/http/envelope.js';
import { fieldError, noPermission, paramError } from '../../../platform/http/errors.js';
import { MODULES_OPTION } from '../../system/options.defaults.js';
import { createPlatformOptions } from '../../system/platform-options.service.js';
import { mergeModules } from '../../system/system.service.js';
import { createAssetsRepository } from './assets.repository.js';
import { createAssetsService } from './assets.service.js';
import { createAssetFiles, type UploadedFile } from './assets-files.service.js';
import { createAssetsImport } from './assets-import.service.js';

const tags = ['maintenance'];
const index = { permission: 'maintenance.Asset/index' } as const;
const add = { permission: 'maintenance.Asset/add' } as const;
const edit = { permission: 'maintenance.Asset/edit' } as const;
const remove = { permission: 'maintenance.Asset/delete' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const fileParams = idParams.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MULTIPART_FAULTS: Record<string, string> = {
  FST_FILES_LIMIT: 'body.file: one file per upload',
  FST_PARTS_LIMIT: 'body: too many parts',
  FST_FIELDS_LIMIT: 'body: too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body: multipart/form-data expected',
};

/** The one `file` part of a multipart upload, at most `max` bytes (10002 naming the limit above it). */
async function readFilePart(request: FastifyRequest, max: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fieldError('body.file', 'asset.fileRequired');
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: max } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw paramError(`body.${part.fieldname}: one file part named "file" is expected`);
      }
      file = { name: part.filename ?? '', bytes: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('body.file', 'asset.fileTooLarge', { max: max / 1024 / 1024 });
    if (MULTIPART_FAULTS[code]) throw paramError(MULTIPART_FAULTS[code]);
    throw error;
  }
  if (!file || file.bytes.length === 0) throw fieldError('body.file', 'asset.fileRequired');
  return file;
}

/** RFC 6266 filename: ASCII fallback plus the UTF-8 name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The device ledger (issue 22 item 1, docs/maintenance.md "Device ledger"), behind the SPEC 1 module
 * switch "device account" (`deviceAccount`): while it is off every call answers 10001.
 */
export const assetRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const repo = createAssetsRepository(db);
  const service = createAssetsService({ repo, clock: deps.clock });
  const files = createAssetFiles({ repo, store: createFileStore(deps.config.DATA_DIR, 'assets') });
  const imports = createAssetsImport({ repo });
  const options = createPlatformOptions(db);

  app.addHook('preHandler', async () => {
    if (!mergeModules(await options.getOption(MODULES_OPTION)).deviceAccount) throw noPermission();
  });
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(ASSET_FILE_MAX_BYTES, ASSET_IMPORT_MAX_BYTES),
      files: 1,
      fields: 2,
      parts: 3,
    },
  });

  app.get(
    '/maintenance/asset',
    {
      config: index,
      schema: {
        tags,
        summary:
          'Assets of the device ledger, newest first (search, category, status, device, warranty, ids)',
        querystring: assetListQuery,
        response: okResponse(listOf(assetRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.get(
    '/maintenance/asset/categories',
    {
      config: index,
      schema: { tags, summary: 'Categories in use (the filter)', response: okResponse(z.array(z.string())) },
    },
    async (request) => ok(await service.categories(scopeOf(request))),
  );
  app.get(
    '/maintenance/asset/template',
    { config: add, schema: { tags, summary: 'The xlsx import template' } },
    async (_request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', disposition('attachment', 'asset-import.xlsx'))
        .send(await imports.template()),
  );
  app.post(
    '/maintenance/asset/import',
    {
      config: add,
      schema: {
        tags,
        summary:
          'Import assets from an xlsx or csv file (multipart "file"): all or nothing, every failed row named',
        response: okResponse(assetImportResult),
      },
    },
    async (request) =>
      ok(
        await imports.importFile(
          scopeOf(request),
          (await readFilePart(request, ASSET_IMPORT_MAX_BYTES)).bytes,
        ),
      ),
  );
  app.post(
    '/maintenance/asset',
    {
      config: add,
      schema: { tags, summary: 'Add an asset', body: assetInput, response: okResponse(assetDetail) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.get(
    '/maintenance/asset/:id',
    {
      config: index,
      schema: {
        tags,
        summary: 'An asset with its attachments and work orders',
        params: idParams,
        response: okResponse(assetDetail),
      },
    },
    async (request) => ok(await service.detail(scopeOf(request), request.params.id)),
  );
  app.put(
    '/maintenance/asset/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Edit an asset',
        params: idParams,
        body: assetInput,
        response: okResponse(assetDetail),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/maintenance/asset/:id',
    {
      config: remove,
      schema: { tags, summary: 'Delete an asset', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.post(
    '/maintenance/asset/:id/files',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Attach a file (multipart "file"): JPEG / PNG (metadata stripped) or PDF, at most 10 MB',
        params: idParams,
        response: okResponse(assetFileRow),
      },
    },
    async (request) =>
      ok(
        await files.upload(
          scopeOf(request),
          request.params.id,
          await readFilePart(request, ASSET_FILE_MAX_BYTES),
        ),
      ),
  );
  app.get(
    '/maintenance/asset/:id/files/:hash',
    { config: index, schema: { tags, summary: 'An attachment of the asset', params: fileParams } },
    async (request, reply) => {
      const file = await files.read(scopeOf(request), request.params.id, request.params.hash);
      return reply
        .type(file.mime)
        .header(
          'content-disposition',
          disposition(file.mime === 'application/pdf' ? 'attachment' : 'inline', file.name),
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.bytes);
    },
  );
  app.delete(
    '/maintenance/asset/:id/files/:hash',
    {
      config: edit,
      schema: { tags, summary: 'Remove an attachment', params: fileParams, response: okResponse(nullData) },
    },
    async (request) => ok(await files.remove(scopeOf(request), request.params.id, request.params.hash)),
  );
};
