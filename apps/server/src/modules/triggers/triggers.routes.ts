import { triggerInput, triggerQuery, triggerRow, triggerUpdate } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recoverTriggerAlarm } from '../../pipeline/triggers/alarm-publish.js';
import { scopeOf } from '../../platform/auth/auth.plugin.js';
import { type AlarmDeviceEvent, BUS } from '../../platform/bus/event-bus.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { nullData, ok, okResponse } from '../../platform/http/envelope.js';
import { createDeviceLookup } from '../devices/device-lookup.service.js';
import { createTriggersRepository } from './triggers.repository.js';
import { createTriggersService } from './triggers.service.js';

const tags = ['trigger'];
const read = { permission: ['DeviceManage', 'Monitor.DeviceMonitor'] } as const;
const write = { permission: ['DeviceManage'] } as const;
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Triggers of a device (docs/api-alarms.md "Trigger API"). */
export const triggersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { bus } = deps.runtime;
  const db = deps.database.db;
  const service = createTriggersService({
    repo: createTriggersRepository(db),
    devices: createDeviceLookup(db),
    clock: deps.clock,
    recoverOpenAlarm: (trigger, message) => recoverTriggerAlarm({ db, bus }, trigger, message, deps.clock()),
    deviceChanged(deviceId) {
      const event: AlarmDeviceEvent = { deviceId };
      bus.publish(BUS.alarmDevice, event);
    },
  });

  app.get(
    '/trigger',
    {
      config: read,
      schema: {
        tags,
        summary: 'Triggers of a device: offline first, then by point order',
        querystring: triggerQuery,
        response: okResponse(z.array(triggerRow)),
      },
    },
    async (request) => ok(await service.list(scopeOf(request), request.query)),
  );
  app.post(
    '/trigger',
    {
      config: write,
      schema: { tags, summary: 'Create a trigger', body: triggerInput, response: okResponse(triggerRow) },
    },
    async (request) => ok(await service.create(scopeOf(request), request.body)),
  );
  app.put(
    '/trigger/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a trigger (disabling recovers its open alarm)',
        params: idParams,
        body: triggerUpdate,
        response: okResponse(triggerRow),
      },
    },
    async (request) => ok(await service.update(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/trigger/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a trigger (its open alarm recovers)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => ok(await service.remove(scopeOf(request), request.params.id)),
  );
};
