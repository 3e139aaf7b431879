import {
  listOf,
  otaCommandListQuery,
  otaCommandRow,
  otaProjectCommandResult,
  otaSignalQuery,
  otaSignalReport,
  otaUpgradeBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createOtaApplicationsRepository } from './applications.repository.js';
import { createOtaCommandsRepository } from './commands.repository.js';
import { createOtaCommandsService } from './commands.service.js';
import { createOtaPlansRepository } from './plans.repository.js';
import { createOtaPlansService } from './plans.service.js';
import { OTA_KICK } from './plans.worker.js';
import { createOtaRegistryRepository } from './registry.repository.js';

const tags = ['ota command'];
const read = { permission: ['OtaManager', 'ota.Device/index'] } as const;
/** Commands change what a gateway does: OtaManager only. */
const write = { permission: ['OtaManager'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const single = { tags, params: idParams, response: okResponse(otaCommandRow) };
const project = { tags, params: idParams, response: okResponse(otaProjectCommandResult) };

/** Gateway commands of SPEC 7 on OTA gateways (docs/api-ota.md "Gateway commands"). */
export const otaCommandRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const { runtime } = deps;
  const service = createOtaCommandsService({
    repo: createOtaCommandsRepository(db),
    registry: createOtaRegistryRepository(db),
    plans: createOtaPlansService({
      plans: createOtaPlansRepository(db),
      applications: createOtaApplicationsRepository(db),
      clock: deps.clock,
      kick: (planId) => runtime.bus.publish(OTA_KICK, { planId }),
    }),
    router: runtime.commands,
    loginOf: async (imei) => {
      const device = await runtime.directory.byImei(imei);
      return device ? { deviceId: device.id, ownerUserId: device.ownerUserId } : null;
    },
    clock: deps.clock,
    logError: (error, message) => app.log.error({ err: error }, message),
  });

  // SPEC 7 names GET for deploy; POST is accepted as well (it changes the gateway).
  app.route({
    method: ['GET', 'POST'],
    url: '/device/deploy/:id',
    config: write,
    schema: { ...single, summary: 'Push the gateway’s current parameter document to it' },
    handler: async (request) => ok(await service.deploy(scopeOf(request), request.params.id)),
  });
  app.post(
    '/device/upgrade/:id',
    {
      config: write,
      schema: { ...single, body: otaUpgradeBody, summary: 'Update one gateway to a firmware package' },
    },
    async (request) =>
      ok(
        await service.upgrade(
          scopeOf(request),
          request.params.id,
          request.body,
          `${request.protocol}://${request.host}`,
        ),
      ),
  );
  app.post(
    '/device/reboot/:id',
    { config: write, schema: { ...single, summary: 'Reboot the gateway' } },
    async (request) => ok(await service.simple(scopeOf(request), request.params.id, 'reboot')),
  );
  app.post(
    '/device/reload/:id',
    { config: write, schema: { ...single, summary: 'Reload the gateway’s parameters without a reboot' } },
    async (request) => ok(await service.simple(scopeOf(request), request.params.id, 'reload')),
  );
  app.post(
    '/device/projdeploy/:id',
    { config: write, schema: { ...project, summary: 'Deploy to every OTA gateway of the project' } },
    async (request) => ok(await service.projectDeploy(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/projreboot/:id',
    { config: write, schema: { ...project, summary: 'Reboot every OTA gateway of the project' } },
    async (request) => ok(await service.projectReboot(scopeOf(request), request.params.id)),
  );
  app.post(
    '/ota/gateways/:id/csq',
    { config: write, schema: { ...single, summary: 'Ask the gateway for its signal quality (rssi, ber)' } },
    async (request) => ok(await service.simple(scopeOf(request), request.params.id, 'csq')),
  );
  app.get(
    '/ota/gateways/:id/signal',
    {
      config: read,
      schema: {
        tags,
        summary: 'The gateway’s csq answers: latest, level and history (default the last 7 days)',
        params: idParams,
        querystring: otaSignalQuery,
        response: okResponse(otaSignalReport),
      },
    },
    async (request) => ok(await service.signal(scopeOf(request), request.params.id, request.query)),
  );
  app.get(
    '/ota/commands',
    {
      config: read,
      schema: {
        tags,
        summary: 'Gateway commands in the caller’s data, newest first',
        querystring: otaCommandListQuery,
        response: okResponse(listOf(otaCommandRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.get(
    '/ota/commands/:id',
    { config: read, schema: { ...single, summary: 'One gateway command and its status' } },
    async (request) => ok(await service.status(scopeOf(request), request.params.id)),
  );
};
