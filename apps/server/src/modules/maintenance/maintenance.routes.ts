import multipart from '@fastify/multipart';
import {
  listOf,
  type Permission,
  WORK_ORDER_FILE_KINDS,
  WORK_ORDER_FILE_MAX_BYTES,
  workOrderAssignee,
  workOrderCreateBody,
  workOrderDetail,
  workOrderDispatchBody,
  workOrderFileRow,
  workOrderListQuery,
  workOrderNoteBody,
  workOrderNoticeRow,
  workOrderReasonBody,
  workOrderRecordBody,
  workOrderRow,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { createFileStore } from '../../platform/files/file-store.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { noPermission } from '../../platform/http/errors.js';
import { MODULES_OPTION } from '../system/options.defaults.js';
import { createPlatformOptions } from '../system/platform-options.service.js';
import { mergeModules } from '../system/system.service.js';
import { createMaintenanceServices } from './maintenance.module.js';
import { readUpload } from './upload.js';
import { createWorkOrderFiles } from './work-order-files.service.js';

const tags = ['maintenance'];
const readers = {
  permission: [
    'maintenance.WorkOrder/index',
    'maintenance.WorkOrder/handle',
    'maintenance.WorkOrder/dispatch',
    'maintenance.Repair/index',
  ],
} as const;
const add = { permission: 'maintenance.WorkOrder/add' } as const;
const dispatch: { permission: readonly Permission[] } = { permission: ['maintenance.WorkOrder/dispatch'] };
const handlers: { permission: readonly Permission[] } = {
  permission: ['maintenance.WorkOrder/handle', 'maintenance.WorkOrder/dispatch'],
};
const pickers = { permission: ['maintenance.WorkOrder/add', 'maintenance.WorkOrder/dispatch'] } as const;
const mine = { permission: 'maintenance.WorkOrder/handle' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const fileParams = idParams.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** Work orders, fault repair and "My work orders" (issue 22, docs/maintenance.md). */
export const maintenanceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const { repo, orders: service, actions } = createMaintenanceServices(db, deps.clock);
  const files = createWorkOrderFiles({ repo, store: createFileStore(deps.config.DATA_DIR, 'maintenance') });
  const options = createPlatformOptions(db);

  // SPEC 1 module switch "maintenance manage": while it is off the whole API answers 10001.
  app.addHook('preHandler', async () => {
    if (!mergeModules(await options.getOption(MODULES_OPTION)).maintenanceManage) throw noPermission();
  });
  await app.register(multipart, {
    limits: { fileSize: WORK_ORDER_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 64 },
  });

  app.get(
    '/maintenance/work-orders',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Work orders, newest first (overdue / due-soon views soonest first); `handle` alone: own',
        querystring: workOrderListQuery,
        response: okResponse(listOf(workOrderRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/maintenance/work-orders',
    {
      config: add,
      schema: {
        tags,
        summary: 'Raise a work order (with alarm_id: a repair of that alarm, which becomes dispatched)',
        body: workOrderCreateBody,
        response: okResponse(workOrderDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.get(
    '/maintenance/work-orders/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'A work order with its history',
        params: idParams,
        response: okResponse(workOrderDetail),
      },
    },
    async (request) => ok(await service.detail(scopeOf(request), request.params.id)),
  );
  app.post(
    '/maintenance/work-orders/:id/dispatch',
    {
      config: dispatch,
      schema: {
        tags,
        summary: 'Dispatch (or re-dispatch) to a user of the tenant',
        params: idParams,
        body: workOrderDispatchBody,
        response: okResponse(workOrderDetail),
      },
    },
    async (request) =>
      ok(await actions.act(scopeOf(request), request.params.id, { event: 'dispatch', ...request.body })),
  );
  for (const event of ['accept', 'close'] as const) {
    app.post(
      `/maintenance/work-orders/:id/${event}`,
      {
        config: handlers,
        schema: {
          tags,
          summary: event === 'accept' ? 'The assignee accepts the order' : 'Close the order (work done)',
          params: idParams,
          body: workOrderNoteBody,
          response: okResponse(workOrderDetail),
        },
      },
      async (request) =>
        ok(await actions.act(scopeOf(request), request.params.id, { event, ...request.body })),
    );
  }
  for (const event of ['return', 'end'] as const) {
    app.post(
      `/maintenance/work-orders/:id/${event}`,
      {
        config: event === 'end' ? dispatch : handlers,
        schema: {
          tags,
          summary:
            event === 'return'
              ? 'The assignee hands the order back, saying why'
              : 'End the order actively (why)',
          params: idParams,
          body: workOrderReasonBody,
          response: okResponse(workOrderDetail),
        },
      },
      async (request) =>
        ok(await actions.act(scopeOf(request), request.params.id, { event, ...request.body })),
    );
  }
  app.post(
    '/maintenance/work-orders/:id/record',
    {
      config: handlers,
      schema: {
        tags,
        summary: 'Record work: notes, photos, checklist results, parts, signature (files uploaded first)',
        params: idParams,
        body: workOrderRecordBody,
        response: okResponse(workOrderDetail),
      },
    },
    async (request) =>
      ok(await actions.act(scopeOf(request), request.params.id, { event: 'record', ...request.body })),
  );
  app.post(
    '/maintenance/work-orders/:id/files',
    {
      config: handlers,
      schema: {
        tags,
        summary: `Upload a photo (JPEG/PNG) or signature (PNG): multipart file + kind (${WORK_ORDER_FILE_KINDS.join(' | ')}); at most 5 MB, metadata stripped`,
        params: idParams,
        response: okResponse(workOrderFileRow),
      },
    },
    async (request) => ok(await files.upload(scopeOf(request), request.params.id, await readUpload(request))),
  );
  app.get(
    '/maintenance/work-orders/:id/files/:hash',
    {
      config: readers,
      schema: { tags, summary: 'A photo or signature of the order', params: fileParams },
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
  app.get(
    '/maintenance/assignees',
    {
      config: pickers,
      schema: {
        tags,
        summary: 'Users of the tenant an order can be dispatched to',
        response: okResponse(z.array(workOrderAssignee)),
      },
    },
    async (request) => ok(await service.assignees(scopeOf(request))),
  );
  app.get(
    '/maintenance/notices',
    {
      config: mine,
      schema: {
        tags,
        summary: 'My work order notices, newest first',
        response: okResponse(z.array(workOrderNoticeRow)),
      },
    },
    async (request) => ok(await service.myNotices(scopeOf(request))),
  );
  app.post(
    '/maintenance/notices/read',
    {
      config: mine,
      schema: { tags, summary: 'Mark my work order notices read', response: okResponse(nullData) },
    },
    async (request) => ok(await service.markNoticesRead(scopeOf(request))),
  );
};
