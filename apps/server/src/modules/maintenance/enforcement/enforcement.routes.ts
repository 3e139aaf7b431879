import multipart from '@fastify/multipart';
import {
  ENFORCEMENT_VIDEO_MAX_BYTES,
  enforcementCreateBody,
  enforcementDetail,
  enforcementFileRow,
  enforcementHandleBody,
  enforcementListQuery,
  enforcementRow,
  enforcementVerifyAnswer,
  listOf,
  workOrderDetail,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../../platform/deps.js';
import { createFileStore } from '../../../platform/files/file-store.js';
import { ok, okResponse } from '../../../platform/http/envelope.js';
import { noPermission, userMessage } from '../../../platform/http/errors.js';
import { requestLanguage } from '../../../platform/http/language.js';
import { MODULES_OPTION } from '../../system/options.defaults.js';
import { createPlatformOptions } from '../../system/platform-options.service.js';
import { mergeModules } from '../../system/system.service.js';
import { createMaintenanceServices } from '../maintenance.module.js';
import { createEnforcementRepository } from './enforcement.repository.js';
import { createEnforcementService } from './enforcement.service.js';
import { ENFORCEMENT_STORE_AREA } from './enforcement.sweep.js';
import { createEnforcementFiles, readEvidenceUpload } from './enforcement-files.js';

const tags = ['maintenance'];
const readers = { permission: 'maintenance.Enforcement/index' } as const;
const adders = { permission: 'maintenance.Enforcement/add' } as const;
const handlers = { permission: 'maintenance.Enforcement/handle' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const fileParams = idParams.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** Law enforcement records (issue 22 item 5, docs/maintenance.md "Law enforcement records"). */
export const enforcementRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const { repo: workOrdersRepo, orders } = createMaintenanceServices(db, deps.clock);
  const repo = createEnforcementRepository(db);
  const service = createEnforcementService({ repo, workOrdersRepo, orders, clock: deps.clock });
  const files = createEnforcementFiles({
    repo,
    store: createFileStore(deps.config.DATA_DIR, ENFORCEMENT_STORE_AREA),
    clock: deps.clock,
  });
  const options = createPlatformOptions(db);
  const modules = async () => mergeModules(await options.getOption(MODULES_OPTION));

  // SPEC 1 module switch "law enforcement": while it is off every call answers 10001.
  app.addHook('preHandler', async () => {
    if (!(await modules()).lawEnforcement) throw noPermission();
  });
  await app.register(multipart, {
    limits: { fileSize: ENFORCEMENT_VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/maintenance/enforcement',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Law enforcement records in the caller’s data, newest first',
        querystring: enforcementListQuery,
        response: okResponse(listOf(enforcementRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/maintenance/enforcement',
    {
      config: adders,
      schema: {
        tags,
        summary: 'Append a record to the tenant’s chain (files uploaded first and named by hash)',
        body: enforcementCreateBody,
        response: okResponse(enforcementDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.post(
    '/maintenance/enforcement/files',
    {
      config: adders,
      schema: {
        tags,
        summary:
          'Upload a photo (JPEG/PNG, ≤ 10 MB) or video (MP4/WebM, ≤ 50 MB), recognised by its bytes: multipart `file`',
        response: okResponse(enforcementFileRow),
      },
    },
    async (request) => ok(await files.upload(scopeOf(request), await readEvidenceUpload(request))),
  );
  app.get(
    '/maintenance/enforcement/verify',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Walk the caller’s tenant’s chain: intact, or the first record where it breaks and why',
        response: okResponse(enforcementVerifyAnswer),
      },
    },
    async (request) => ok(await service.verify(scopeOf(request))),
  );
  app.get(
    '/maintenance/enforcement/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'A record with its files, hashes and canonical serialisation',
        params: idParams,
        response: okResponse(enforcementDetail),
      },
    },
    async (request) => ok(await service.detail(scopeOf(request), request.params.id)),
  );
  app.post(
    '/maintenance/enforcement/:id/handle',
    {
      config: handlers,
      schema: {
        tags,
        summary: 'Handle as a work order: a law enforcement order (type 2) linked to the record',
        params: idParams,
        body: enforcementHandleBody,
        response: okResponse(workOrderDetail),
      },
    },
    async (request) => {
      if (!(await modules()).maintenanceManage) throw userMessage('maintenance.workOrdersOff');
      return ok(
        await service.handle(scopeOf(request), request.params.id, request.body, requestLanguage(request)),
      );
    },
  );
  app.get(
    '/maintenance/enforcement/:id/files/:hash',
    {
      config: readers,
      schema: { tags, summary: 'A photo or video of the record', params: fileParams },
    },
    async (request, reply) => {
      const file = await files.read(scopeOf(request), request.params.id, request.params.hash);
      return reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.bytes);
    },
  );
};
