import multipart from '@fastify/multipart';
import {
  GRAPHLIB_MAX_BYTES,
  graphlibCategoryBody,
  graphlibCategoryRow,
  graphlibItemRow,
  graphlibListQuery,
  graphlibUpdateBody,
  graphlibUploadFields,
  listOf,
} from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { fieldError, paramError } from '../../platform/http/errors.js';
import { declaredKind } from './graphlib.files.js';
import { createGraphlibRepository } from './graphlib.repository.js';
import { createGraphlibService, type GraphlibService, type UploadFile } from './graphlib.service.js';
import { createGraphlibStore } from './graphlib.store.js';

const tags = ['scada'];
/** Reading needs IndScada; the service also asks ScadaManager of every change (docs/api-scada.md). */
const config = { permission: 'IndScada' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

export function createGraphlibModule(deps: ModuleDeps): GraphlibService {
  return createGraphlibService({
    repo: createGraphlibRepository(deps.database.db),
    store: createGraphlibStore(deps.config.DATA_DIR),
  });
}

const MULTIPART_FAULTS: Record<string, string> = {
  FST_FILES_LIMIT: 'body.file: one file per upload',
  FST_PARTS_LIMIT: 'body: too many parts',
  FST_FIELDS_LIMIT: 'body: too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'body: multipart/form-data expected',
};

/** The `file` part and the text fields of a multipart upload; limits answer 10002 naming the field. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: UploadFile }> {
  if (!request.isMultipart()) throw fieldError('body.file', 'graphlib.fileRequired');
  const fields: Record<string, string> = {};
  let file: UploadFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw paramError(`body.${part.fieldname}: one file part named "file" is expected`);
        }
        const bytes = await part.toBuffer();
        file = { kind: declaredKind(part.mimetype, part.filename), filename: part.filename ?? '', bytes };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) throw paramError(`body.${part.fieldname}: too long`);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000'))
          throw paramError(`body.${part.fieldname.replaceAll('\u0000', '\\0')}: must not contain a NUL byte`);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('body.file', 'graphlib.tooLarge', { max: GRAPHLIB_MAX_BYTES / 1024 / 1024 });
    if (MULTIPART_FAULTS[code]) throw paramError(MULTIPART_FAULTS[code]);
    throw error;
  }
  if (!file) throw fieldError('body.file', 'graphlib.fileRequired');
  return { fields, file };
}

export const graphlibRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createGraphlibModule(deps);
  await app.register(multipart, {
    limits: { fileSize: GRAPHLIB_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });

  app.get(
    '/scada/graphlib/category',
    {
      config,
      schema: {
        tags,
        summary: 'The graph library categories in the caller’s data (all, by name)',
        response: okResponse(listOf(graphlibCategoryRow)),
      },
    },
    async (request) => ok(await service.categories(scopeOf(request))),
  );
  app.post(
    '/scada/graphlib/category',
    {
      config,
      schema: {
        tags,
        summary: 'Create a graph library category',
        body: graphlibCategoryBody,
        response: okResponse(graphlibCategoryRow),
      },
    },
    async (request) => ok(await service.createCategory(scopeOf(request), request.body.name)),
  );
  app.put(
    '/scada/graphlib/category/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a graph library category',
        params: idParams,
        body: graphlibCategoryBody,
        response: okResponse(graphlibCategoryRow),
      },
    },
    async (request) =>
      ok(await service.renameCategory(scopeOf(request), request.params.id, request.body.name)),
  );
  app.delete(
    '/scada/graphlib/category/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an empty graph library category',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.removeCategory(scopeOf(request), request.params.id)),
  );

  app.get(
    '/scada/graphlib',
    {
      config,
      schema: {
        tags,
        summary: 'Uploaded symbols in the caller’s data, newest first',
        querystring: graphlibListQuery,
        response: okResponse(listOf(graphlibItemRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/scada/graphlib',
    {
      config,
      schema: {
        tags,
        summary:
          'Upload an SVG or PNG (multipart/form-data: file, category_id, name?; at most 2 MB; SVG is sanitised)',
        response: okResponse(graphlibItemRow),
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request);
      const parsed = graphlibUploadFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw paramError(`body.${issue.path.join('.')}: ${issue.message}`);
      }
      return ok(await service.upload(scopeOf(request), parsed.data, file));
    },
  );
  app.get(
    '/scada/graphlib/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One uploaded symbol',
        params: idParams,
        response: okResponse(graphlibItemRow),
      },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );
  app.put(
    '/scada/graphlib/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename an uploaded symbol or move it to another category of the same owner',
        params: idParams,
        body: graphlibUpdateBody,
        response: okResponse(graphlibItemRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/scada/graphlib/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an uploaded symbol',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
};
