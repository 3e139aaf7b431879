import {
  screenAlarmsAnswer,
  screenMapAnswer,
  screenPointsAnswer,
  screenScadaAnswer,
  screenShareQuery,
  screenSourceData,
  screenStatusAnswer,
  sharedScreen,
} from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/http/envelope.js';
import type { ScreenShareService } from './screen-share.service.js';

const tags = ['custom-screens'];
const tokenParams = z.object({ token: z.string().min(1).max(128) });
/** The external link: no session, the token is the credential; never cached by proxies. */
const shareConfig = { public: true, noStore: true } as const;

/**
 * The external link of a shared screen (`/screen-share/{token}/...`): the screen and each widget's
 * data, read in the owner's scope, nothing else.
 */
export function registerScreenShareRoutes(parent: FastifyInstance, service: ScreenShareService) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
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
}
