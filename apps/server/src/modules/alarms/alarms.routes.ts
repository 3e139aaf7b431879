import {
  alarmLogQuery,
  alarmLogRow,
  alarmLogUpdate,
  eventStatQuery,
  eventStatRow,
  listOf,
} from '@fleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { alarmLevelsReader } from './alarm-levels.js';
import { createAlarmLogRepository } from './alarm-log.repository.js';
import { createAlarmLogService } from './alarm-log.service.js';
import { alarmLogExportQuery, eventStatExportQuery, type XlsxFile } from './export-format.js';
import { createStatReportRepository } from './stat-report.repository.js';
import { createStatReportService } from './stat-report.service.js';

const tags = ['alarms'];
const read = { permission: ['Event/log', 'Event/view', 'Event'] } as const;
/** Delete also needs the device on the caller's owner side (checked by the service). */
const write = { permission: 'Event/log' } as const;
const reports = { permission: ['Event', 'Event/log', 'Event/view'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendXlsx(reply: FastifyReply, { file, name, truncated }: XlsxFile) {
  if (truncated) reply.header('x-truncated', '1');
  return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}"`).send(file);
}

/** Alarm log, statistical reports and their exports (docs/api-alarms.md "Alarm log and reports"). */
export const alarmsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db } = deps.database;
  const alarmLevels = alarmLevelsReader(db);
  const alarmLog = createAlarmLogService({
    repo: createAlarmLogRepository(db),
    clock: deps.clock,
    bus: deps.runtime.bus,
    alarmLevels,
  });
  const statReport = createStatReportService({
    repo: createStatReportRepository(db),
    clock: deps.clock,
    alarmLevels,
  });

  app.get(
    '/event/alarmlog',
    {
      config: read,
      schema: {
        tags,
        summary: 'Alarm log of the devices in scope, newest first',
        querystring: alarmLogQuery,
        response: okResponse(listOf(alarmLogRow)),
      },
    },
    async (request) => ok(await alarmLog.list(scopeOf(request), request.query)),
  );
  app.get(
    '/event/alarmlog/export',
    {
      config: read,
      schema: {
        tags,
        summary: 'The alarm log filter as xlsx (at most 50,000 rows; X-Truncated: 1 when cut)',
        querystring: alarmLogExportQuery,
      },
    },
    async (request, reply) => sendXlsx(reply, await alarmLog.exportXlsx(scopeOf(request), request.query)),
  );
  app.put(
    '/event/alarmlog/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Handle an alarm: status, dispatch, remark',
        params: idParams,
        body: alarmLogUpdate,
        response: okResponse(alarmLogRow),
      },
    },
    async (request) => ok(await alarmLog.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/event/alarmlog/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an alarm row (owner side)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await alarmLog.remove(scopeOf(request), request.params.id)),
  );
  app.get(
    '/device/eventStatReport',
    {
      config: reports,
      schema: {
        tags,
        summary: 'Alarm and online/offline statistics per device (default the last 7 days)',
        querystring: eventStatQuery,
        response: okResponse(listOf(eventStatRow)),
      },
    },
    async (request) => ok(await statReport.report(scopeOf(request), request.query)),
  );
  app.get(
    '/device/exportStatReport',
    {
      config: reports,
      schema: {
        tags,
        summary: 'Every row of the statistics filter as xlsx',
        querystring: eventStatExportQuery,
      },
    },
    async (request, reply) => sendXlsx(reply, await statReport.exportXlsx(scopeOf(request), request.query)),
  );
};
