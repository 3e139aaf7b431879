import { overviewQuery, overviewReport } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createAlarmRows } from '../alarms/alarm-rows.service.js';
import { createOnofflineLog } from '../connectivity/onoffline-log.service.js';
import { createOverviewRepository } from './overview.repository.js';
import { createOverviewService } from './overview.service.js';

/** Platform overview of the dashboard (SPEC 2.3 /dashboard/index). */
export const overviewRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createOverviewService({
    repo: createOverviewRepository(deps.database.db),
    onoffline: createOnofflineLog(deps.database.db),
    alarms: createAlarmRows(deps.database.db),
    clock: deps.clock,
  });

  app.get(
    '/overview',
    {
      config: { permission: ['PlatformOverView'] },
      schema: {
        tags: ['overview'],
        summary: "Device, alarm and data-volume figures of the devices in scope; days of the caller's zone",
        querystring: overviewQuery,
        response: okResponse(overviewReport),
      },
    },
    async (request) => ok(await service.overview(scopeOf(request), request.query)),
  );
};
