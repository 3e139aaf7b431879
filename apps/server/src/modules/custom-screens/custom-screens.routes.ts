import {
  customScreenCreateBody,
  customScreenDetail,
  customScreenListQuery,
  customScreenRow,
  customScreenShare,
  customScreenUpdateBody,
  listOf,
  screenAlarmsAnswer,
  screenAlarmsPreviewBody,
  screenMapAnswer,
  screenMapPreviewBody,
  screenPointsAnswer,
  screenPointsBody,
  screenScadaAnswer,
  screenScadaPreviewQuery,
  screenShareQuery,
  screenSource,
  screenSourceData,
  screenStatusAnswer,
  screenStatusPreviewBody,
  sharedScreen,
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
import { createCustomScreensRepository } from './custom-screens.repository.js';
import { createCustomScreensService } from './custom-screens.service.js';

const tags = ['custom-screens'];
/** Reading needs CustomScreen; the service asks CustomScreen/edit of every change. */
const config = { permission: 'CustomScreen' } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });
const tokenParams = z.object({ token: z.string().min(1).max(128) });
/** The external link: no session, the token is the credential; never cached by proxies. */
const shareConfig = { public: true, noStore: true } as const;

/** Custom monitoring screens (issue 23 item 2, docs/custom-screens.md). */
export const customScreensRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  const telemetry = telemetryServiceOf(deps);
  const service = createCustomScreensService({
    repo: createCustomScreensRepository(db),
    devices: createDeviceLookup(db),
    latest: telemetry,
    alarms: createAlarmRows(db),
    scada: scadaServiceOf(deps),
    maps: screensServiceOf(deps),
    telemetry,
    clock: deps.clock,
    dataLock: dataLockOf(deps),
  });

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
  app.post(
    '/custom-screen/preview/points',
    {
      config,
      schema: {
        tags,
        summary: 'Designer: points (visible to the caller) with their latest values',
        body: screenPointsBody,
        response: okResponse(screenPointsAnswer),
      },
    },
    async (request) => ok(await service.previewPoints(scopeOf(request), request.body.points)),
  );
  app.post(
    '/custom-screen/preview/data',
    {
      config,
      schema: {
        tags,
        summary: 'Designer: the series of a data source not saved yet',
        body: screenSource,
        response: okResponse(screenSourceData),
      },
    },
    async (request) => ok(await service.previewData(scopeOf(request), request.body)),
  );
  app.post(
    '/custom-screen/preview/alarms',
    {
      config,
      schema: {
        tags,
        summary: 'Designer: the latest alarms of these devices (visible to the caller)',
        body: screenAlarmsPreviewBody,
        response: okResponse(screenAlarmsAnswer),
      },
    },
    async (request) => ok(await service.previewAlarms(scopeOf(request), request.body)),
  );
  app.post(
    '/custom-screen/preview/status',
    {
      config,
      schema: {
        tags,
        summary:
          'Designer: status, last reading and named point values of these devices (visible to the caller)',
        body: screenStatusPreviewBody,
        response: okResponse(screenStatusAnswer),
      },
    },
    async (request) => ok(await service.previewStatus(scopeOf(request), request.body)),
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
    '/screen-share/:token/status',
    {
      config: shareConfig,
      schema: {
        tags,
        summary:
          'External link: a device status table widget (only the devices it names, in the owner’s scope)',
        params: tokenParams,
        querystring: screenShareQuery,
        response: okResponse(screenStatusAnswer),
      },
    },
    async (request) => ok(await service.sharedStatus(request.params.token, request.query.widget)),
  );
  app.post(
    '/custom-screen/preview/map',
    {
      config,
      schema: {
        tags,
        summary: 'Designer: located devices (visible to the caller; none named: all) and the basemap',
        body: screenMapPreviewBody,
        response: okResponse(screenMapAnswer),
      },
    },
    async (request) => ok(await service.previewMap(scopeOf(request), request.body.devices)),
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
    '/screen-share/:token/map',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: a map widget (the devices it names, or all, in the owner’s scope)',
        params: tokenParams,
        querystring: screenShareQuery,
        response: okResponse(screenMapAnswer),
      },
    },
    async (request) => ok(await service.sharedMap(request.params.token, request.query.widget)),
  );
  app.get(
    '/custom-screen/preview/scada',
    {
      config,
      schema: {
        tags,
        summary: 'Designer: a SCADA app (visible to the caller) with its points and their latest values',
        querystring: screenScadaPreviewQuery,
        response: okResponse(screenScadaAnswer),
      },
    },
    async (request) => ok(await service.previewScada(scopeOf(request), request.query.scada)),
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
    '/screen-share/:token/scada',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: an embedded SCADA widget (only the app it names, in the owner’s scope)',
        params: tokenParams,
        querystring: screenShareQuery,
        response: okResponse(screenScadaAnswer),
      },
    },
    async (request) => ok(await service.sharedScada(request.params.token, request.query.widget)),
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
    '/screen-share/:token/alarms',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: an alarm list widget (only the devices it names)',
        params: tokenParams,
        querystring: screenShareQuery,
        response: okResponse(screenAlarmsAnswer),
      },
    },
    async (request) => ok(await service.sharedAlarms(request.params.token, request.query.widget)),
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

  app.get(
    '/screen-share/:token',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: the screen (read-only)',
        params: tokenParams,
        response: okResponse(sharedScreen),
      },
    },
    async (request) => ok(await service.sharedScreen(request.params.token)),
  );
  app.get(
    '/screen-share/:token/points',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: latest values of the points the screen binds (nothing else)',
        params: tokenParams,
        response: okResponse(screenPointsAnswer),
      },
    },
    async (request) => ok(await service.sharedPoints(request.params.token)),
  );
  app.get(
    '/screen-share/:token/data',
    {
      config: shareConfig,
      schema: {
        tags,
        summary: 'External link: a widget’s data source as series',
        params: tokenParams,
        querystring: screenShareQuery,
        response: okResponse(screenSourceData),
      },
    },
    async (request) => ok(await service.sharedData(request.params.token, request.query.widget)),
  );
};
