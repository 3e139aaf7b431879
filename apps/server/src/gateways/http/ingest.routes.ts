import { BizCode, ingestResult } from '@fleet/contracts';
import { isValidImei, MAX_PAYLOAD_BYTES, telemetrySchema } from '@fleet/protocols';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyDeviceSecretHash } from '../../modules/devices/secret-hash.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ok, okResponse } from '../../platform/http/envelope.js';
import { AppError, paramError, userMessage } from '../../platform/http/errors.js';
import { isExpired } from '../mqtt/credentials.js';
import { decodeTelemetry } from '../mqtt/telemetry.js';
import { createRedisTokenBuckets } from './redis-token-bucket.js';
import { createLocalTokenBuckets } from './token-bucket.js';

const RATE_PER_SECOND = 20;
const imeiParams = z.object({ imei: z.string().max(32) });

/** Same answer for an unknown IMEI and a wrong key: nothing tells a guesser which it was. */
const refused = () => new AppError(BizCode.SESSION_EXPIRED, 'invalid device credentials', null, 401);

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
  const { runtime } = deps;
  const bucketOptions = { ratePerSecond: RATE_PER_SECOND, now: () => deps.clock().getTime() };
  // With REDIS_URL the instances share each device's budget (DESIGN 2); embedded, memory is enough.
  const buckets = deps.config.REDIS_URL
    ? await createRedisTokenBuckets(deps.config.REDIS_URL, {
        ...bucketOptions,
        onError: (error) => app.log.warn({ err: error }, 'ingest rate limit: redis error'),
      })
    : createLocalTokenBuckets(bucketOptions);
  app.addHook('onClose', () => buckets.close());

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
      const device = isValidImei(imei) && key ? await runtime.directory.byImei(imei) : null;
      // Compared even when the device is unknown, so both refusals take the same time.
      const matches = verifyDeviceSecretHash(key ?? '', device?.httpKeyHash);
      if (!device || !matches || isExpired(device, deps.clock())) throw refused();
      if (!(await buckets.take(device.imei))) throw userMessage('ingest.tooManyRequests', undefined, 429);

      const parsed = telemetrySchema.safeParse(request.body);
      if (!parsed.success) {
        // Authenticated but not telemetry: a malformed frame of this device (link health).
        runtime.deviceCounters.record(device.id, 'malformed');
        const issue = parsed.error.issues[0];
        const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
        throw paramError(`body${path}: ${issue?.message ?? 'invalid telemetry'}`);
      }
      const { readings, unknown } = decodeTelemetry(device, parsed.data, deps.clock().getTime());
      if (parsed.data.csq !== undefined) await runtime.presence.reportCsq(device.id, parsed.data.csq);
      if (readings.length > 0) await runtime.pipeline.ingest(readings);
      await runtime.presence.seen(device.id, 'http', request.ip);
      return ok({ accepted: readings.length, unknown });
    },
  );
};
