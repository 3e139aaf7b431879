import {
  customScreenCreateBody,
  customScreenDetail,
  customScreenListQuery,
  customScreenRow,
  customScreenShare,
  customScreenUpdateBody,
  listOf,
  screenAlarmsAnswer,
  screenMapAnswer,
  screenPointsAnswer,
  screenScadaAnswer,
  screenShareQuery,
  screenSourceData,
  screenStatusAnswer,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createAlarmRows } from '../alarms/alarm-rows.service.js';
import { dataLockOf } from '../devices/data-lock.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';
import { scadaServiceOf } from '../scada/scada.module.js';
import { screensServiceOf } from '../screens/screens.module.js';
import { telemetryServiceOf } from '../telemetry/telemetry.module.js';
import { registerCustomScreenPreviewRoutes } from './custom-screen-previews.routes.js';
import { createCustomScreensRepository } from './custom-screens.repository.js';
import { createCustomScreensService } from './custom-screens.service.js';
import { registerScreenShareRoutes } from './screen-share.routes.js';
import { createScreenShareService } from './screen-share.service.js';
import { createScreenWidgetData } from './screen-widget-data.js';

const tags = ['custom-screens'];
/** Reading needs CustomScreen; the service asks CustomScreen/edit of every change. */
const config = { permission: 'CustomScreen' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Custom monitoring screens (issue 23 item 2, docs/custom-screens.md). */
export const customScreensRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const telemetry = telemetryServiceOf(deps);
  const read = createScreenWidgetData({
    devices: createDeviceLookup(db),
    latest: telemetry,
    alarms: createAlarmRows(db),
    scada: scadaServiceOf(deps),
    maps: screensServiceOf(deps),
    telemetry,
    clock: deps.clock,
    dataLock: dataLockOf(deps),
  });
  const repo = createCustomScreensRepository(db);
  const service = createCustomScreensService({ repo, read });

  app.get(
    '/custom-screen',
    {
      config,
      schema: {
        tags,
        summary: 'Custom screens in the caller’s data (no documents)',
        querystring: customScreenListQuery,
        response: okResponse(listOf(customScreenRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );

  app.post(
    '/custom-screen',
    {
      config,
      schema: {
        tags,
        summary: 'Create a custom screen (the custom screen count limit applies)',
        body: customScreenCreateBody,
        response: okResponse(customScreenDetail),
      },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );

  app.get(
    '/custom-screen/:id/status',
    {
      config,
      schema: {
        tags,
        summary: 'A device status table widget: its devices’ status, last reading and named point values',
        params: idParams,
        querystring: screenShareQuery,
        response: okResponse(screenStatusAnswer),
      },
    },
    async (request) => ok(await service.status(scopeOf(request), request.params.id, request.query.widget)),
  );

  app.get(
    '/custom-screen/:id/map',
    {
      config,
      schema: {
        tags,
        summary: 'A map widget: its located devices coloured by status, and the basemap setting',
        params: idParams,
        querystring: screenShareQuery,
        response: okResponse(screenMapAnswer),
      },
    },
    async (request) => ok(await service.map(scopeOf(request), request.params.id, request.query.widget)),
  );

  app.get(
    '/custom-screen/:id/scada',
    {
      config,
      schema: {
        tags,
        summary: 'An embedded SCADA widget: the app, its points and their latest values (read-only)',
        params: idParams,
        querystring: screenShareQuery,
        response: okResponse(screenScadaAnswer),
      },
    },
    async (request) => ok(await service.scada(scopeOf(request), request.params.id, request.query.widget)),
  );

  app.get(
    '/custom-screen/:id/alarms',
    {
      config,
      schema: {
        tags,
        summary: 'An alarm list widget: the latest alarms of the devices it names',
        params: idParams,
        querystring: screenShareQuery,
        response: okResponse(screenAlarmsAnswer),
      },
    },
    async (request) => ok(await service.alarms(scopeOf(request), request.params.id, request.query.widget)),
  );

  app.get(
    '/custom-screen/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A custom screen with its document',
        params: idParams,
        response: okResponse(customScreenDetail),
      },
    },
    async (request) => ok(await service.get(scopeOf(request), request.params.id)),
  );

  app.put(
    '/custom-screen/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename, publish in the menu, save the document (with the version it was loaded at)',
        params: idParams,
        body: customScreenUpdateBody,
        response: okResponse(customScreenDetail),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/custom-screen/:id',
    {
      config,
      schema: { tags, summary: 'Delete a custom screen', params: idParams, response: okResponse(nullData) },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );

  app.post(
    '/custom-screen/:id/share',
    {
      config,
      schema: {
        tags,
        summary: 'A new external link token (the previous link stops working)',
        params: idParams,
        response: okResponse(customScreenShare),
      },
    },
    async (request) => ok(await service.share(scopeOf(request), request.params.id)),
  );

  app.delete(
    '/custom-screen/:id/share',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke the external link',
        params: idParams,
        response: okResponse(customScreenShare),
      },
    },
    async (request) => ok(await service.revokeShare(scopeOf(request), request.params.id)),
  );

  app.get(
    '/custom-screen/:id/points',
    {
      config,
      schema: {
        tags,
        summary: 'The points the screen binds, with their latest values',
        params: idParams,
        response: okResponse(screenPointsAnswer),
      },
    },
    async (request) => ok(await service.points(scopeOf(request), request.params.id)),
  );

  app.get(
    '/custom-screen/:id/data',
    {
      config,
      schema: {
        tags,
        summary: 'A widget’s data source `{points, aggregation, window}` as series',
        params: idParams,
        querystring: screenShareQuery,
        response: okResponse(screenSourceData),
      },
    },
    async (request) => ok(await service.data(scopeOf(request), request.params.id, request.query.widget)),
  );

  registerCustomScreenPreviewRoutes(app, service);
  registerScreenShareRoutes(app, createScreenShareService({ repo, read }));
};
