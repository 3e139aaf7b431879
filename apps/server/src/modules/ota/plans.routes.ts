import {
  listOf,
  otaLogListQuery,
  otaLogRow,
  otaPlanCreateBody,
  otaPlanDetail,
  otaPlanDeviceListQuery,
  otaPlanDeviceRow,
  otaPlanListQuery,
  otaPlanRow,
} from '@fleet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createOtaApplicationsRepository } from './applications.repository.js';
import { createOtaPlansRepository } from './plans.repository.js';
import { createOtaPlansService } from './plans.service.js';
import { OTA_KICK } from './plans.worker.js';

const tags = ['ota'];
const readPlans = { permission: ['OtaManager', 'ota.Plan/index'] } as const;
const readLog = { permission: ['OtaManager', 'ota.Log/index'] } as const;
const readStrace = { permission: ['OtaManager', 'ota.Strace/index'] } as const;
const write = { permission: ['OtaManager'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The origin the caller reached us at (behind TRUST_PROXY: the forwarded one): gateways download there. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** OTA plans, their rollout actions, the OTA log and error traces (docs/api-ota.md "Plans", "Log"). */
export const otaPlanRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createOtaPlansService({
    plans: createOtaPlansRepository(deps.database.db),
    applications: createOtaApplicationsRepository(deps.database.db),
    clock: deps.clock,
    kick: (planId) => deps.runtime.bus.publish(OTA_KICK, { planId }),
  });

  app.get(
    '/ota/plans',
    {
      config: readPlans,
      schema: {
        tags,
        summary: 'OTA plans, newest first',
        querystring: otaPlanListQuery,
        response: okResponse(listOf(otaPlanRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/ota/plans',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create and start a plan',
        body: otaPlanCreateBody,
        response: okResponse(otaPlanDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body, originOf(request))),
  );
  app.get(
    '/ota/plans/:id',
    {
      config: readPlans,
      schema: {
        tags,
        summary: 'A plan with its progress per group',
        params: idParams,
        response: okResponse(otaPlanDetail),
      },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );
  app.get(
    '/ota/plans/:id/devices',
    {
      config: readPlans,
      schema: {
        tags,
        summary: 'Where each gateway of a plan stands',
        params: idParams,
        querystring: otaPlanDeviceListQuery,
        response: okResponse(listOf(otaPlanDeviceRow)),
      },
    },
    async (request) => ok(await service.devices(scopeOf(request), request.params.id, request.query)),
  );
  for (const action of ['pause', 'resume', 'abort'] as const) {
    app.post(
      `/ota/plans/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a plan`,
          params: idParams,
          response: okResponse(otaPlanDetail),
        },
      },
      async (request) => ok(await service[action](scopeOf(request), request.params.id)),
    );
  }
  app.delete(
    '/ota/plans/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete a finished plan', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
  app.get(
    '/ota/log',
    {
      config: readLog,
      schema: {
        tags,
        summary: 'Every step of every gateway (ota.Log)',
        querystring: otaLogListQuery,
        response: okResponse(listOf(otaLogRow)),
      },
    },
    async (request) => ok(await service.log(scopeOf(request), request.query, false)),
  );
  app.get(
    '/ota/strace',
    {
      config: readStrace,
      schema: {
        tags,
        summary: 'Failed steps with the trace the gateway sent (ota.Strace)',
        querystring: otaLogListQuery,
        response: okResponse(listOf(otaLogRow)),
      },
    },
    async (request) => ok(await service.log(scopeOf(request), request.query, true)),
  );
};
