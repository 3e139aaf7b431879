import { bigScreenReport, mapConfig, mapDevicesAnswer, mapDevicesQuery } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { screensServiceOf } from './screens.module.js';

/** Monitoring screens (issue 23, docs/screens.md): big screen figures, device map, basemap setting. */
export const screensRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = screensServiceOf(deps);
  // The page's Content-Security-Policy names a configured tile server from the first request on.
  app.addHook('onReady', async () => {
    await service.mapConfig().catch(() => undefined);
  });

  app.get(
    '/screen/big',
    {
      config: { permission: ['MonitorScreen'] },
      schema: {
        tags: ['screens'],
        summary:
          'Big screen figures of the devices in scope: status counts, alarm trend, readings, top devices',
        response: okResponse(bigScreenReport),
      },
    },
    async (request) => ok(await service.bigScreen(scopeOf(request))),
  );

  app.get(
    '/map/devices',
    {
      config: { permission: ['Monitor.DeviceMonitor', 'DeviceManage', 'MonitorScreen'] },
      schema: {
        tags: ['screens'],
        summary: 'Located devices in scope for the device map, filtered by status, group and project',
        querystring: mapDevicesQuery,
        response: okResponse(mapDevicesAnswer),
      },
    },
    async (request) => ok(await service.mapDevices(scopeOf(request), request.query)),
  );

  app.get(
    '/map/config',
    {
      schema: {
        tags: ['screens'],
        summary: 'The basemap: null tile_url is the offline basemap shipped with the app',
        response: okResponse(mapConfig),
      },
    },
    async () => ok(await service.mapConfig()),
  );

  app.put(
    '/map/config',
    {
      schema: {
        tags: ['screens'],
        summary:
          'Set a raster XYZ tile URL template for every map, or null for the offline basemap (user type 0)',
        body: mapConfig,
        response: okResponse(mapConfig),
      },
    },
    async (request) => ok(await service.setMapConfig(scopeOf(request), request.body)),
  );
};
