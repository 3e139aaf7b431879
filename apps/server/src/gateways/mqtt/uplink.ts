import { MAX_PAYLOAD_BYTES, parseAck, parseTelemetry } from '@fleet/protocols';
import type { Logger } from 'pino';
import type { DirectoryDevice } from '../../pipeline/directory.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import type { MqttCommandLink } from './command-link.js';
import type { MqttCounters } from './counters.js';
import { decodeTelemetry } from './telemetry.js';

/** The device a message came from. */
export interface DeviceRef {
  id: number;
  imei: string;
}

/**
 * What both MQTT modes do with a device's message once its identity is known. Resolves when the
 * readings are durable, so the caller acknowledges (PUBACK) only then; rejects only when the pipeline
 * refused them (closing), in which case nothing must be acknowledged.
 */
export function createUplink(runtime: DeviceRuntime, counters: MqttCounters, logger?: Logger) {
  const payloadRefused = (payload: Uint8Array, device: DeviceRef, reason: string) => {
    if (payload.length > MAX_PAYLOAD_BYTES) counters.oversize++;
    else counters.malformed++;
    // Per device, an oversize payload is one more malformed frame dropped.
    runtime.deviceCounters.record(device.id, 'malformed');
    logger?.debug({ imei: device.imei, reason }, 'MQTT payload dropped');
  };

  return {
    async telemetry(device: DirectoryDevice, payload: Uint8Array): Promise<void> {
      const receivedAt = runtime.clock().getTime();
      const parsed = parseTelemetry(payload);
      if (!parsed.ok) return payloadRefused(payload, device, parsed.reason);
      const { readings, unknown } = decodeTelemetry(device, parsed.value, receivedAt);
      counters.unknownPoints += unknown.length;
      if (parsed.value.csq !== undefined) void runtime.presence.reportCsq(device.id, parsed.value.csq);
      if (readings.length > 0) {
        try {
          await runtime.pipeline.ingest(readings);
        } catch (error) {
          counters.ingestFailures++;
          throw error;
        }
      }
      counters.messages++;
      counters.readings += readings.length;
    },

    ack(link: MqttCommandLink | undefined, device: DeviceRef, payload: Uint8Array): void {
      const parsed = parseAck(payload);
      if (!parsed.ok) {
        payloadRefused(payload, device, parsed.reason);
        return;
      }
      if (link?.acked(parsed.value)) counters.acks++;
      else counters.unknownAcks++;
    },
  };
}

export type Uplink = ReturnType<typeof createUplink>;
