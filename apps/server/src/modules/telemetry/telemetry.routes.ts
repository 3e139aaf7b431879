import {
  dataStream,
  deviceIdQuery,
  historyPage,
  historyQuery,
  historyRowsAnswer,
  historyRowsQuery,
  lastdpsQuery,
  lastdpsRow,
  lastPoint,
  listOf,
  seriesAnswer,
  seriesQuery,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { telemetryServiceOf } from './telemetry.module.js';

const tags = ['telemetry'];
const config = { permission: ['DeviceManage', 'Monitor.DeviceMonitor', 'Device/view'] } as const;

/** Latest values, data streams and history of devices in scope (docs/api-pipeline.md "Telemetry"). */
export const telemetryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const telemetry = telemetryServiceOf(deps);

  app.get(
    '/device/lastdp',
    {
      config,
      schema: {
        tags,
        summary: 'Latest value of every collected point of a device',
        querystring: deviceIdQuery,
        response: okResponse(z.array(lastPoint)),
      },
    },
    async (request) => ok(await telemetry.lastdp(scopeOf(request), request.query)),
  );
  app.get(
    '/device/lastdps',
    {
      config,
      schema: {
        tags,
        summary: 'Devices in scope with the latest values of their shown points',
        querystring: lastdpsQuery,
        response: okResponse(listOf(lastdpsRow)),
      },
    },
    async (request) => ok(await telemetry.lastdps(scopeOf(request), request.query)),
  );
  app.get(
    '/device/dss',
    {
      config,
      schema: {
        tags,
        summary: 'Data streams of a device',
        querystring: deviceIdQuery,
        response: okResponse(z.array(dataStream)),
      },
    },
    async (request) => ok(await telemetry.dataStreams(scopeOf(request), request.query)),
  );
  app.get(
    '/device/history',
    {
      config,
      schema: {
        tags,
        summary: 'Raw stored values of one point, paged by cursor',
        querystring: historyQuery,
        response: okResponse(historyPage),
      },
    },
    async (request) => ok(await telemetry.history(scopeOf(request), request.query)),
  );
  app.get(
    '/device/history/series',
    {
      config,
      schema: {
        tags,
        summary: 'Chart series of up to 20 points, aggregated to at most `points` values',
        querystring: seriesQuery,
        response: okResponse(seriesAnswer),
      },
    },
    async (request) => ok(await telemetry.series(scopeOf(request), request.query)),
  );
  app.get(
    '/device/history/rows',
    {
      config,
      schema: {
        tags,
        summary: 'Raw stored values of up to 20 points merged by time, paged (the history table)',
        querystring: historyRowsQuery,
        response: okResponse(historyRowsAnswer),
      },
    },
    async (request) => ok(await telemetry.historyRows(scopeOf(request), request.query)),
  );
};
