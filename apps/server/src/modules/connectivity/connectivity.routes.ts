import { csqQuery, csqReport, listOf, onofflineLogQuery, onofflineLogRow } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createConnectivityRepository } from './connectivity.repository.js';
import { createConnectivityService } from './connectivity.service.js';

const tags = ['connectivity'];
const config = { permission: ['DeviceManage', 'Event/online', 'Monitor.DeviceMonitor'] } as const;
/** Reading the log also serves the navbar's online/offline notifications, which need only `Event`. */
const readLog = { permission: [...config.permission, 'Event'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Online/offline log and signal quality (docs/api-pipeline.md "Connectivity"). */
export const connectivityRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createConnectivityService({
    repo: createConnectivityRepository(deps.database.db),
    clock: deps.clock,
  });

  app.get(
    '/device/onofflinelog',
    {
      config: readLog,
      schema: {
        tags,
        summary: 'Online/offline log of the devices in scope, newest first',
        querystring: onofflineLogQuery,
        response: okResponse(listOf(onofflineLogRow)),
      },
    },
    async (request) => ok(await service.onofflineLog(scopeOf(request), request.query)),
  );
  app.delete(
    '/device/onofflinelog/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a log entry (owner side)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.deleteLog(scopeOf(request), request.params.id)),
  );
  app.get(
    '/device/csq/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Signal quality of a device: latest, level and history (default the last 24 h)',
        params: idParams,
        querystring: csqQuery,
        response: okResponse(csqReport),
      },
    },
    async (request) => ok(await service.csq(scopeOf(request), request.params.id, request.query)),
  );
};
