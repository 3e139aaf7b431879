import { BizCode, type IngestResult } from '@fleet/contracts';
import { isValidImei, telemetrySchema } from '@fleet/protocols';
import { verifyDeviceSecretHash } from '../../modules/devices/secret-hash.js';
import { AppError, paramError, userMessage } from '../../platform/http/errors.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { isExpired } from '../mqtt/credentials.js';
import { decodeTelemetry } from '../mqtt/telemetry.js';
import type { TokenBuckets } from './token-bucket.js';

/** Same answer for an unknown IMEI and a wrong key: nothing tells a guesser which it was. */
const refused = () => new AppError(BizCode.SESSION_EXPIRED, 'invalid device credentials', null, 401);

export interface HttpIngestRequest {
  imei: string;
  /** The device HTTP key (X-Device-Key or Bearer), absent when the request carried none. */
  key: string | undefined;
  body: unknown;
  /** Address the device spoke from (presence). */
  ip: string;
}

/**
 * The rules of HTTP ingest (docs/api-pipeline.md "HTTP ingest"): the device's key, its expiry and its
 * rate budget first, then the body as MQTT telemetry (a malformed body of a known device counts against
 * its link health); the answer comes once the readings are durable.
 */
export function createHttpIngestService(deps: {
  runtime: DeviceRuntime;
  buckets: TokenBuckets;
  clock: () => Date;
}) {
  const { runtime, buckets, clock } = deps;
  return {
    async ingest(input: HttpIngestRequest): Promise<IngestResult> {
      const { imei, key } = input;
      const device = isValidImei(imei) && key ? await runtime.directory.byImei(imei) : null;
      // Compared even when the device is unknown, so both refusals take the same time.
      const matches = verifyDeviceSecretHash(key ?? '', device?.httpKeyHash);
      if (!device || !matches || isExpired(device, clock())) throw refused();
      if (!(await buckets.take(device.imei))) throw userMessage('ingest.tooManyRequests', undefined, 429);

      const parsed = telemetrySchema.safeParse(input.body);
      if (!parsed.success) {
        // Authenticated but not telemetry: a malformed frame of this device (link health).
        runtime.deviceCounters.record(device.id, 'malformed');
        const issue = parsed.error.issues[0];
        const path = issue?.path.length ? `.${issue.path.join('.')}` : '';
        throw paramError(`body${path}: ${issue?.message ?? 'invalid telemetry'}`);
      }
      const { readings, unknown } = decodeTelemetry(device, parsed.data, clock().getTime());
      if (parsed.data.csq !== undefined) await runtime.presence.reportCsq(device.id, parsed.data.csq);
      if (readings.length > 0) await runtime.pipeline.ingest(readings);
      await runtime.presence.seen(device.id, 'http', input.ip);
      return { accepted: readings.length, unknown };
    },
  };
}
