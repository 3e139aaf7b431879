import {
  listOf,
  otaAssignBody,
  otaGatewayCreateBody,
  otaGatewayCreateResult,
  otaGatewayListQuery,
  otaGatewayRow,
  otaGatewayUpdateBody,
  otaSimCreateBody,
  otaSimImportBody,
  otaSimImportResult,
  otaSimListQuery,
  otaSimRow,
  otaSimUpdateBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createOtaRegistryRepository } from './registry.repository.js';
import { createOtaRegistryService } from './registry.service.js';

const tags = ['ota'];
/** SPEC 2.3: the OTA group needs OtaManager; its gateway and SIM pages open with their own index permission. */
const readGateways = { permission: ['OtaManager', 'ota.Device/index'] } as const;
const readSims = { permission: ['OtaManager', 'ota.Sim/index'] } as const;
/** Every change needs OtaManager. */
const write = { permission: ['OtaManager'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** OTA gateways and SIM cards in the caller's data (docs/api-ota.md). */
export const otaRegistryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createOtaRegistryService({
    repo: createOtaRegistryRepository(deps.database.db),
    clock: deps.clock,
  });

  app.get(
    '/ota/gateways',
    {
      config: readGateways,
      schema: {
        tags,
        summary: 'OTA gateways in the caller’s data (search IMEI, ICCID, model, remark; filters)',
        querystring: otaGatewayListQuery,
        response: okResponse(listOf(otaGatewayRow)),
      },
    },
    async (request) => ok(await service.listGateways(scopeOf(request), request.query)),
  );
  app.post(
    '/ota/gateways',
    {
      config: write,
      schema: {
        tags,
        summary: 'Register gateways: `imeis` one per line; all or nothing, bad lines in data.failed',
        body: otaGatewayCreateBody,
        response: okResponse(otaGatewayCreateResult),
      },
    },
    async (request) => ok(await service.createGateways(scopeOf(request), request.body)),
  );
  app.get(
    '/ota/gateways/:id',
    {
      config: readGateways,
      schema: { tags, summary: 'One OTA gateway', params: idParams, response: okResponse(otaGatewayRow) },
    },
    async (request) => ok(await service.getGateway(scopeOf(request), request.params.id)),
  );
  app.put(
    '/ota/gateways/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a gateway (not its IMEI)',
        params: idParams,
        body: otaGatewayUpdateBody,
        response: okResponse(otaGatewayRow),
      },
    },
    async (request) => ok(await service.updateGateway(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/ota/gateways/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete a gateway', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.removeGateway(scopeOf(request), request.params.id)),
  );
  app.post(
    '/ota/gateways/:id/assign',
    {
      config: write,
      schema: {
        tags,
        summary: 'Hand a gateway to the caller’s data owner or an account below it',
        params: idParams,
        body: otaAssignBody,
        response: okResponse(otaGatewayRow),
      },
    },
    async (request) => ok(await service.assignGateway(scopeOf(request), request.params.id, request.body)),
  );

  app.get(
    '/ota/sims',
    {
      config: readSims,
      schema: {
        tags,
        summary: 'SIM cards in the caller’s data, with the IMEIs of the gateways using each',
        querystring: otaSimListQuery,
        response: okResponse(listOf(otaSimRow)),
      },
    },
    async (request) => ok(await service.listSims(scopeOf(request), request.query)),
  );
  app.post(
    '/ota/sims',
    {
      config: write,
      schema: {
        tags,
        summary: 'Register a SIM card',
        body: otaSimCreateBody,
        response: okResponse(otaSimRow),
      },
    },
    async (request) => ok(await service.createSim(scopeOf(request), request.body)),
  );
  app.post(
    '/ota/sims/import',
    {
      config: write,
      schema: {
        tags,
        summary: 'Register a JSON list of SIM cards; all or nothing, bad items in data.failed',
        body: otaSimImportBody,
        response: okResponse(otaSimImportResult),
      },
    },
    async (request) => ok(await service.importSims(scopeOf(request), request.body)),
  );
  app.get(
    '/ota/sims/:id',
    {
      config: readSims,
      schema: { tags, summary: 'One SIM card', params: idParams, response: okResponse(otaSimRow) },
    },
    async (request) => ok(await service.getSim(scopeOf(request), request.params.id)),
  );
  app.put(
    '/ota/sims/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a SIM card (not its ICCID)',
        params: idParams,
        body: otaSimUpdateBody,
        response: okResponse(otaSimRow),
      },
    },
    async (request) => ok(await service.updateSim(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/ota/sims/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete a SIM card', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.removeSim(scopeOf(request), request.params.id)),
  );
};
