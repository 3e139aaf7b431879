import { ingestResult } from '@fleet/contracts';
import { MAX_PAYLOAD_BYTES } from '@fleet/protocols';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { createHttpIngestService } from './ingest.service.js';
import { createRedisTokenBuckets } from './redis-token-bucket.js';
import { createLocalTokenBuckets } from './token-bucket.js';

const RATE_PER_SECOND = 20;
const imeiParams = z.object({ imei: z.string().max(32) });

function deviceKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const key = headers['x-device-key'];
  if (typeof key === 'string' && key.length > 0) return key;
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer '))
    return authorization.slice(7).trim();
  return undefined;
}

/**
 * POST /ingest/{imei}: telemetry from connectionless devices (docs/api-pipeline.md "HTTP ingest"). The
 * body is the MQTT telemetry JSON; the answer comes once the readings are durable.
 */
export const ingestRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const bucketOptions = { ratePerSecond: RATE_PER_SECOND, now: () => deps.clock().getTime() };
  // With REDIS_URL the instances share each device's budget (DESIGN 2); embedded, memory is enough.
  const buckets = deps.config.REDIS_URL
    ? await createRedisTokenBuckets(deps.config.REDIS_URL, {
        ...bucketOptions,
        prefix: `${deps.config.REDIS_PREFIX}bucket:`,
        onError: (error) => app.log.warn({ err: error }, 'ingest rate limit: redis error'),
      })
    : createLocalTokenBuckets(bucketOptions);
  app.addHook('onClose', () => buckets.close());
  const ingest = createHttpIngestService({ runtime: deps.runtime, buckets, clock: deps.clock });

  app.post(
    '/ingest/:imei',
    {
      config: { public: true },
      bodyLimit: MAX_PAYLOAD_BYTES,
      schema: {
        tags: ['ingest'],
        summary: 'Device telemetry over HTTP (X-Device-Key or Bearer: the device HTTP key)',
        params: imeiParams,
        body: z.unknown(),
        response: okResponse(ingestResult),
      },
    },
    async (request) => {
      const { imei } = request.params;
      const key = deviceKeyOf(request.headers);
      return ok(await ingest.ingest({ imei, key, body: request.body, ip: request.ip }));
    },
  );
};
