import {
  screenAlarmsAnswer,
  screenAlarmsPreviewBody,
  screenMapAnswer,
  screenMapPreviewBody,
  screenPointsAnswer,
  screenPointsBody,
  screenScadaAnswer,
  screenScadaPreviewQuery,
  screenSource,
  screenSourceData,
  screenStatusAnswer,
  screenStatusPreviewBody,
} from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import type { CustomScreensService } from './custom-screens.service.js';

const tags = ['custom-screens'];
/** The designer's preview of a widget not saved yet: the service asks CustomScreen/edit. */
const config = { permission: 'CustomScreen' } as const;

/** The designer's previews: a widget's data from the body, before the screen is saved. */
export function registerCustomScreenPreviewRoutes(parent: FastifyInstance, service: CustomScreensService) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
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
}
