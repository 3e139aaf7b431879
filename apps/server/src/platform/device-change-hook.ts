import type { FastifyInstance } from 'fastify';
import { BUS, type DeviceChangedEvent, type EventBus } from './bus/event-bus.js';

/** Writes under /device that are not configuration: commands, logs. */
const NOT_CONFIGURATION = /^\/device\/(cmd|refresh|onofflinelog|history)\b/;

/**
 * Which device a successful write under `/device` changed, so the device directory and the
 * gateways drop what they cached (docs/api-pipeline.md). null: unknown or many (batch, import,
 * template apply): everything is re-read lazily.
 */
export function deviceChangeOf(method: string, path: string): DeviceChangedEvent | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (!path.startsWith('/device') || NOT_CONFIGURATION.test(path)) return undefined;
  const single = /^\/device\/(\d+)(\/.*)?$/.exec(path);
  if (!single) return { deviceId: null, kind: path === '/device/batch' ? 'deleted' : 'config' };
  const deviceId = Number(single[1]);
  const rest = single[2] ?? '';
  if (rest === '/credentials/rotate') return { deviceId, kind: 'credentials' };
  if (rest === '' && method === 'DELETE') return { deviceId, kind: 'deleted' };
  // Transfer or unassign changes who may see it, which the gateways do not cache; still harmless.
  return { deviceId, kind: 'config' };
}

/** Publishes BUS.deviceChanged after every successful device write (registered inside the API prefix). */
export function registerDeviceChangeHook(api: FastifyInstance, prefix: string, bus: EventBus): void {
  api.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith(prefix)) return;
    const path = request.url.slice(prefix.length).split('?')[0] ?? '';
    const change = deviceChangeOf(request.method, path);
    if (change) bus.publish(BUS.deviceChanged, change);
  });
}
