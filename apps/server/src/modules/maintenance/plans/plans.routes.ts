import {
  listOf,
  maintenanceStats,
  maintenanceStatsQuery,
  PLAN_USER_EVENTS,
  planBody,
  planDetail,
  planListQuery,
  planPointOption,
  planPreview,
  planPreviewBody,
  planRow,
  workOrderAssignee,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../../platform/deps.js';
import { nullData, ok, okResponse } from '../../../platform/http/envelope.js';
import { noPermission } from '../../../platform/http/errors.js';
import { MODULES_OPTION } from '../../system/options.defaults.js';
import { createPlatformOptions } from '../../system/platform-options.service.js';
import { mergeModules } from '../../system/system.service.js';
import { createWorkOrdersRepository } from '../work-orders.repository.js';
import { createPlanGeneratorFor } from './plans.generator.js';
import { createPlansRepository } from './plans.repository.js';
import { createPlansService } from './plans.service.js';
import { createStatsRepository } from './stats.repository.js';
import { createStatsService } from './stats.service.js';

const tags = ['maintenance'];
const readers = {
  permission: ['maintenance.Plan/index', 'maintenance.Plan/add', 'maintenance.Plan/edit'],
} as const;
const add = { permission: 'maintenance.Plan/add' } as const;
const edit = { permission: 'maintenance.Plan/edit' } as const;
const writers = { permission: ['maintenance.Plan/add', 'maintenance.Plan/edit'] } as const;
const statsReaders = { permission: 'maintenance.Stats/index' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Maintenance plans and figures (issue 22 items 2 and 6, docs/maintenance.md "Maintenance plans", "Figures"). */
export const maintenancePlanRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const orders = createWorkOrdersRepository(db);
  const service = createPlansService({
    plans: createPlansRepository(db),
    orders,
    clock: deps.clock,
    raiseDue: createPlanGeneratorFor(db, deps.clock).raiseDue,
  });
  const stats = createStatsService({ repo: createStatsRepository(db), clock: deps.clock });
  const options = createPlatformOptions(db);

  // SPEC 1 module switch "maintenance manage": while it is off the whole API answers 10001.
  app.addHook('preHandler', async () => {
    if (!mergeModules(await options.getOption(MODULES_OPTION)).maintenanceManage) throw noPermission();
  });

  app.get(
    '/maintenance/plan',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Maintenance plans, newest first',
        querystring: planListQuery,
        response: okResponse(listOf(planRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/maintenance/plan',
    {
      config: add,
      schema: {
        tags,
        summary: 'Create a plan (status 0 not started)',
        body: planBody,
        response: okResponse(planDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.post(
    '/maintenance/plan/preview',
    {
      config: writers,
      schema: {
        tags,
        summary: `The next ${5} occurrences of a calendar (due time and when the order is raised)`,
        body: planPreviewBody,
        response: okResponse(planPreview),
      },
    },
    async (request) => ok(service.preview(request.body)),
  );
  app.get(
    '/maintenance/plan/points',
    {
      config: writers,
      schema: {
        tags,
        summary: 'Points of a device a meter-based plan can read, with their latest value',
        querystring: z.object({ device_id: z.coerce.number().int().positive() }),
        response: okResponse(z.array(planPointOption)),
      },
    },
    async (request) => ok(await service.points(scopeOf(request), request.query.device_id)),
  );
  app.get(
    '/maintenance/plan/assignees',
    {
      config: writers,
      schema: {
        tags,
        summary: 'Users of the tenant a plan can assign its orders to',
        response: okResponse(z.array(workOrderAssignee)),
      },
    },
    async (request) => ok(await orders.tenantUsers(scopeOf(request))),
  );
  app.get(
    '/maintenance/plan/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: 'A plan with its next occurrences and latest orders',
        params: idParams,
        response: okResponse(planDetail),
      },
    },
    async (request) => ok(await service.detail(scopeOf(request), request.params.id)),
  );
  app.put(
    '/maintenance/plan/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Edit a plan (not when ended)',
        params: idParams,
        body: planBody,
        response: okResponse(planDetail),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  for (const event of PLAN_USER_EVENTS) {
    app.post(
      `/maintenance/plan/:id/${event}`,
      {
        config: edit,
        schema: {
          tags,
          summary: `Plan: ${event} (transition table)`,
          params: idParams,
          response: okResponse(planDetail),
        },
      },
      async (request) => ok(await service.act(scopeOf(request), request.params.id, event)),
    );
  }
  app.delete(
    '/maintenance/plan/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Delete a plan that is not started, stopped or ended (its orders stay)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.get(
    '/maintenance/stats',
    {
      config: statsReaders,
      schema: {
        tags,
        summary:
          'MTTR and MTBF per device, overdue orders, orders closed per technician over the last N days',
        querystring: maintenanceStatsQuery,
        response: okResponse(maintenanceStats),
      },
    },
    async (request) => ok(await stats.stats(scopeOf(request), request.query)),
  );
};
