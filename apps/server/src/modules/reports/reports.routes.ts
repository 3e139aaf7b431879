import {
  dataReportAnswer,
  dataReportQuery,
  exportJobRow,
  listOf,
  listQuery,
  reportPoint,
  reportPointsQuery,
  reportScheduleInput,
  reportScheduleRow,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { EXPORT_WAKE } from '../exports/export-worker.js';
import { reportServiceOf } from './report.service.js';
import { reportScheduleUpdate } from './schedule-update.js';
import { createSchedulesRepository } from './schedules.repository.js';
import { createSchedulesService } from './schedules.service.js';

const tags = ['reports'];
const config = { permission: ['DataReportV2'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Data report V2 and scheduled reports (docs/api-datacenter.md). */
export const reportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db } = deps.database;
  const reports = reportServiceOf(db);
  const schedules = createSchedulesService({
    repo: createSchedulesRepository(db),
    reports,
    clock: deps.clock,
    wakeExports: () => deps.runtime.bus.publish(EXPORT_WAKE, {}),
  });

  app.get(
    '/dataCenter/dataReportV2',
    {
      config,
      schema: {
        tags,
        summary: 'Statistics per calendar period of tz, device and stored numeric point',
        querystring: dataReportQuery,
        response: okResponse(dataReportAnswer),
      },
    },
    async (request) => ok(await reports.report(scopeOf(request), request.query)),
  );
  app.get(
    '/dataCenter/dataReportV2/points',
    {
      config,
      schema: {
        tags,
        summary: 'Report-able point names of a device or group',
        querystring: reportPointsQuery,
        response: okResponse(z.array(reportPoint)),
      },
    },
    async (request) => ok(await reports.points(scopeOf(request), request.query)),
  );

  app.get(
    '/dataCenter/reportSchedule',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s report schedules',
        querystring: listQuery,
        response: okResponse(listOf(reportScheduleRow)),
      },
    },
    async (request) => ok(await schedules.list(scopeOf(request), request.query)),
  );
  app.post(
    '/dataCenter/reportSchedule',
    {
      config,
      schema: {
        tags,
        summary: 'Create a report schedule',
        body: reportScheduleInput,
        response: okResponse(reportScheduleRow),
      },
    },
    async (request) => ok(await schedules.create(scopeOf(request), request.body)),
  );
  app.put(
    '/dataCenter/reportSchedule/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a report schedule (fields left out keep their value)',
        params: idParams,
        body: reportScheduleUpdate,
        response: okResponse(reportScheduleRow),
      },
    },
    async (request) => ok(await schedules.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/dataCenter/reportSchedule/:id',
    {
      config,
      schema: { tags, summary: 'Delete a report schedule', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await schedules.remove(scopeOf(request), request.params.id)),
  );
  app.post(
    '/dataCenter/reportSchedule/:id/run',
    {
      config,
      schema: {
        tags,
        summary: 'Queue the export of the last complete period now (e-mailed when done)',
        params: idParams,
        response: okResponse(exportJobRow),
      },
    },
    async (request) => ok(await schedules.run(scopeOf(request), request.params.id)),
  );
};
