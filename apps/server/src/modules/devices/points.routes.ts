import {
  appliedResult,
  dataPointRow,
  listOf,
  pointCreateBody,
  pointUpdateBody,
  portBody,
  portRow,
  portUpdateBody,
  slaveBatchBody,
  slaveBody,
  slaveRow,
  slaveUpdateBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/language.js';
import type { DeviceServices } from './devices.module.js';
import { readDevices } from './route-permissions.js';

const config = { permission: 'DeviceManage' } as const;
const id = z.coerce.number().int().positive();
const idParams = z.object({ id });

/** Ports, slave devices and data points of a device. */
export const pointsRoutes: FastifyPluginAsyncZod<{ services: DeviceServices }> = async (
  app,
  { services },
) => {
  const { points, portsSlaves, templates } = services;

  // ---- ports
  const portParams = z.object({ id, portId: id });
  let tags = ['device port'];
  app.get(
    '/device/:id/port',
    {
      config,
      schema: {
        tags,
        summary: 'Ports of a gateway',
        params: idParams,
        response: okResponse(z.array(portRow)),
      },
    },
    async (request) => ok(await portsSlaves.ports(scopeOf(request), request.params.id)),
  );
  app.post(
    '/device/:id/port',
    {
      config,
      schema: {
        tags,
        summary: 'Add a port',
        params: idParams,
        body: portBody,
        response: okResponse(portRow),
      },
    },
    async (request) => ok(await portsSlaves.createPort(scopeOf(request), request.params.id, request.body)),
  );
  app.put(
    '/device/:id/port/:portId',
    {
      config,
      schema: {
        tags,
        summary: 'Update a port',
        params: portParams,
        body: portUpdateBody,
        response: okResponse(portRow),
      },
    },
    async (request) =>
      ok(
        await portsSlaves.updatePort(
          scopeOf(request),
          request.params.id,
          request.params.portId,
          request.body,
        ),
      ),
  );
  app.delete(
    '/device/:id/port/:portId',
    {
      config,
      schema: { tags, summary: 'Delete a port', params: portParams, response: okResponse(nullData) },
    },
    async (request) =>
      ok(await portsSlaves.removePort(scopeOf(request), request.params.id, request.params.portId)),
  );

  // ---- slave devices
  const slaveParams = z.object({ id, sid: id });
  tags = ['slave device'];
  app.get(
    '/device/:id/slavedevice',
    {
      config,
      schema: {
        tags,
        summary: 'Slave devices of a gateway',
        params: idParams,
        querystring: z.object({ port_id: id.optional() }),
        response: okResponse(z.array(slaveRow)),
      },
    },
    async (request) =>
      ok(await portsSlaves.slaves(scopeOf(request), request.params.id, request.query.port_id)),
  );
  app.post(
    '/device/:id/slavedevice',
    {
      config,
      schema: {
        tags,
        summary: 'Add a slave',
        params: idParams,
        body: slaveBody,
        response: okResponse(slaveRow),
      },
    },
    async (request) => ok(await portsSlaves.createSlave(scopeOf(request), request.params.id, request.body)),
  );
  app.post(
    '/device/:id/slavedevice/batch',
    {
      config,
      schema: {
        tags,
        summary: "Create (save) or replace (update) a gateway template's slaves and points",
        params: idParams,
        body: slaveBatchBody,
        response: okResponse(appliedResult),
      },
    },
    async (request) =>
      ok(
        await templates.applyToDevice(
          scopeOf(request),
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
  app.put(
    '/device/:id/slavedevice/:sid',
    {
      config,
      schema: {
        tags,
        summary: 'Update a slave',
        params: slaveParams,
        body: slaveUpdateBody,
        response: okResponse(slaveRow),
      },
    },
    async (request) =>
      ok(
        await portsSlaves.updateSlave(scopeOf(request), request.params.id, request.params.sid, request.body),
      ),
  );
  app.delete(
    '/device/:id/slavedevice/:sid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a slave and its points',
        params: slaveParams,
        response: okResponse(nullData),
      },
    },
    async (request) =>
      ok(await portsSlaves.removeSlave(scopeOf(request), request.params.id, request.params.sid)),
  );

  // ---- data points
  const pointParams = z.object({ id, pointId: id });
  tags = ['data point'];
  app.get(
    '/device/:id/datapoint',
    {
      config: readDevices,
      schema: {
        tags,
        summary: 'Data points of a device (all, or of one slave)',
        params: idParams,
        querystring: z.object({ slave_id: z.coerce.number().int().min(1).max(254).optional() }),
        response: okResponse(listOf(dataPointRow)),
      },
    },
    async (request) => ok(await points.list(scopeOf(request), request.params.id, request.query.slave_id)),
  );
  app.post(
    '/device/:id/datapoint',
    {
      config,
      schema: {
        tags,
        summary: 'Add a data point',
        params: idParams,
        body: pointCreateBody,
        response: okResponse(dataPointRow),
      },
    },
    async (request) => ok(await points.create(scopeOf(request), request.params.id, request.body)),
  );
  app.put(
    '/device/:id/datapoint/:pointId',
    {
      config,
      schema: {
        tags,
        summary: 'Update a data point',
        params: pointParams,
        body: pointUpdateBody,
        response: okResponse(dataPointRow),
      },
    },
    async (request) =>
      ok(await points.update(scopeOf(request), request.params.id, request.params.pointId, request.body)),
  );
  app.delete(
    '/device/:id/datapoint/:pointId',
    {
      config,
      schema: { tags, summary: 'Delete a data point', params: pointParams, response: okResponse(nullData) },
    },
    async (request) => ok(await points.remove(scopeOf(request), request.params.id, request.params.pointId)),
  );
};
