import {
  deviceBatchBody,
  deviceCreateBody,
  deviceCreated,
  deviceCredentials,
  deviceDetail,
  deviceListQuery,
  deviceRow,
  deviceUpdateBody,
  listOf,
  reallocation,
  userIdBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { buildDeviceServices } from './devices.module.js';
import { deviceIoRoutes } from './devices-io.routes.js';
import { pointsRoutes } from './points.routes.js';
import { readDevices } from './route-permissions.js';

const tags = ['device'];
const config = { permission: 'DeviceManage' } as const;
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /device: the device registry (docs/api-devices.md). */
export const devicesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const services = buildDeviceServices(deps);
  const { devices, allocation } = services;

  app.get(
    '/device',
    {
      config: readDevices,
      schema: {
        tags,
        summary: 'Devices in scope',
        querystring: deviceListQuery,
        response: okResponse(listOf(deviceRow)),
      },
    },
    async (request) => ok(await devices.list(scopeOf(request), request.query)),
  );
  app.get(
    '/device/:id',
    {
      config: readDevices,
      schema: { tags, summary: 'A device', params: idParams, response: okResponse(deviceDetail) },
    },
    async (request) => ok(await devices.detail(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device',
    {
      config: { ...config, noStore: true },
      schema: {
        tags,
        summary: 'Add a device by IMEI or share code (answers its secrets once)',
        body: deviceCreateBody,
        response: okResponse(deviceCreated),
      },
    },
    async (request) => ok(await devices.create(scopeOf(request), request.body)),
  );
  app.put(
    '/device/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a device',
        params: idParams,
        body: deviceUpdateBody,
        response: okResponse(deviceRow),
      },
    },
    async (request) => ok(await devices.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/device/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete (or unbind) a device',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await devices.remove(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/batch',
    {
      config,
      schema: {
        tags,
        summary: 'Update or delete several devices',
        body: deviceBatchBody,
        response: okResponse(z.object({ updated: z.number().int() })),
      },
    },
    async (request) => ok(await devices.batch(scopeOf(request), request.body)),
  );
  app.get(
    '/device/isDeviceCreate/:imei',
    {
      config,
      schema: {
        tags,
        summary: 'Whether an IMEI is registered',
        params: z.object({ imei: z.string().trim().min(1).max(32) }),
        response: okResponse(z.object({ exists: z.boolean() })),
      },
    },
    async (request) => ok(await devices.exists(request.params.imei)),
  );
  app.get(
    '/device/:id/credentials',
    {
      config: { ...config, noStore: true },
      schema: {
        tags,
        summary: "The device's own credentials",
        params: idParams,
        response: okResponse(deviceCredentials),
      },
    },
    async (request) => ok(await devices.credentials(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/:id/credentials/rotate',
    {
      config: { ...config, noStore: true },
      schema: {
        tags,
        summary: 'Replace the credentials',
        params: idParams,
        response: okResponse(deviceCredentials),
      },
    },
    async (request) => ok(await devices.rotateCredentials(scopeOf(request), request.params.id)),
  );
  app.get(
    '/device/reallocation/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Owner, assignees and the users the device can go to',
        params: idParams,
        response: okResponse(reallocation),
      },
    },
    async (request) => ok(await allocation.reallocation(scopeOf(request), request.params.id)),
  );
  for (const action of ['assign', 'unassign', 'transfer'] as const) {
    app.post(
      `/device/:id/${action}`,
      {
        config,
        schema: {
          tags,
          summary: `${action} the device`,
          params: idParams,
          body: userIdBody,
          response: okResponse(deviceRow),
        },
      },
      async (request) =>
        ok(await allocation[action](scopeOf(request), request.params.id, request.body.user_id)),
    );
  }

  await app.register(deviceIoRoutes, { services });
  await app.register(pointsRoutes, { services });
};
