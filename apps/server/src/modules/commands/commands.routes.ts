import {
  commandBody,
  commandListQuery,
  commandRow,
  commandStatusQuery,
  listOf,
  refreshResult,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';
import { createCommandsRepository } from './commands.repository.js';
import { createCommandsService } from './commands.service.js';

const config = { permission: ['DeviceManage', 'Monitor.DeviceMonitor'] } as const;
const tags = ['device command'];

/** Writing values to device points and asking DTU devices for a poll (docs/api-pipeline.md). */
export const commandsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const deviceLookup = createDeviceLookup(db);
  const { runtime } = deps;
  const commands = createCommandsService({
    repo: createCommandsRepository(db),
    canSeeDevice: async (scope, deviceId) => (await deviceLookup.findVisible(scope, deviceId)) !== undefined,
    router: runtime.commands,
    directory: runtime.directory,
    pipeline: runtime.pipeline,
    clock: runtime.clock,
    logError: (error, message) => app.log.error({ err: error }, message),
  });

  app.post(
    '/device/cmd',
    {
      config,
      schema: {
        tags,
        summary: 'Write a value to a point',
        body: commandBody,
        response: okResponse(commandRow),
      },
    },
    async (request) => ok(await commands.write(scopeOf(request), request.body)),
  );
  app.get(
    '/device/cmd',
    {
      config,
      schema: {
        tags,
        summary: 'Commands of a device, newest first',
        querystring: commandListQuery,
        response: okResponse(listOf(commandRow)),
      },
    },
    async (request) => ok(await commands.list(scopeOf(request), request.query)),
  );
  app.get(
    '/device/cmdStatus',
    {
      config,
      schema: {
        tags,
        summary: 'One command and its status',
        querystring: commandStatusQuery,
        response: okResponse(commandRow),
      },
    },
    async (request) => ok(await commands.status(scopeOf(request), request.query.id)),
  );
  app.get(
    '/device/refresh/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Poll a DTU device now',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: okResponse(refreshResult),
      },
    },
    async (request) => ok(await commands.refresh(scopeOf(request), request.params.id)),
  );
};
