import type { FastifyInstance } from 'fastify';
import { BUS, type DeviceChangedEvent, type EventBus } from './bus/event-bus.js';

/** Writes under /device that change no device's configuration: commands, logs, catalogues. */
const NOT_CONFIGURATION = /^\/device\/(cmd|refresh|onofflinelog|history|model|group|project)\b/;

/** Device ids a batch-style body names (`ids` of /device/batch, `device_ids` of a template apply). */
function idsIn(body: unknown, key: 'ids' | 'device_ids'): number[] {
  const ids = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * Which devices a successful write under `/device` changed, so the device directory, the pipeline
 * and the gateways drop what they cached about exactly those (docs/api-pipeline.md). Creating or
 * importing devices changes nothing cached, only who sees what: one 'created' event.
 */
export function deviceChangesOf(method: string, path: string, body?: unknown): DeviceChangedEvent[] {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return [];
  if (!path.startsWith('/device') || NOT_CONFIGURATION.test(path)) return [];
  if (path === '/device' || path === '/device/import') return [{ deviceId: null, kind: 'created' }];
  if (path === '/device/batch') {
    const kind = (body as { delete?: unknown } | null)?.delete === true ? 'deleted' : 'config';
    return idsIn(body, 'ids').map((deviceId) => ({ deviceId, kind }));
  }
  if (path.startsWith('/device/template')) {
    if (!/^\/device\/template\/\d+\/apply$/.test(path)) return []; // templates change devices only when applied
    return idsIn(body, 'device_ids').map((deviceId) => ({ deviceId, kind: 'config' }));
  }
  const single = /^\/device\/(\d+)(\/.*)?$/.exec(path);
  if (!single) return [{ deviceId: null, kind: 'config' }]; // an unknown device write: be safe
  const deviceId = Number(single[1]);
  const rest = single[2] ?? '';
  if (rest === '/credentials/rotate') return [{ deviceId, kind: 'credentials' }];
  if (rest === '' && method === 'DELETE') return [{ deviceId, kind: 'deleted' }];
  // Transfer or unassign changes who may see it, which the gateways do not cache; still harmless.
  return [{ deviceId, kind: 'config' }];
}

/** Publishes BUS.deviceChanged after every successful device write (registered inside the API prefix). */
export function registerDeviceChangeHook(api: FastifyInstance, prefix: string, bus: EventBus): void {
  api.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith(prefix)) return;
    const path = request.url.slice(prefix.length).split('?')[0] ?? '';
    for (const change of deviceChangesOf(request.method, path, request.body))
      bus.publish(BUS.deviceChanged, change);
  });
}
