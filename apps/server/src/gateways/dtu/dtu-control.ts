import { type ControlChannel, encodeControlFrame, parseAck, type TransactionQueue } from '@fleet/protocols';
import type { Logger } from 'pino';
import type { GatewayCommand, GatewayOutcome } from '../../platform/commands/types.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { COMMAND_TIMEOUT_MS, createMqttCommandLink } from '../mqtt/command-link.js';
import type { DtuCounters } from './dtu-counters.js';

export interface DtuControlDeps {
  deviceId: number;
  imei: string;
  ownerUserId: number;
  queue: TransactionQueue;
  runtime: DeviceRuntime;
  totals: DtuCounters;
  commandTimeoutMs?: number;
  logger?: Logger;
  /** A control frame that could not be used (per-device link health). */
  malformed(): void;
}

/**
 * The MQTT messages of OTA and the gateway commands on a DTU's TCP link (docs/protocols.md "Control
 * frames on the DTU link"). The same command link as MQTT (cmd_id, 10 s, networkError when the link
 * drops) and the same progress handler, so both transports behave alike; only the bytes differ. What
 * arrives is attributed to this session's device only: the socket is the gateway's identity.
 */
export function createDtuControl(deps: DtuControlDeps) {
  const { queue, totals } = deps;
  // Sent only between Modbus transactions (the queue holds them while a request is in flight).
  const down = (payload: string) => queue.sendBetween(encodeControlFrame('down', payload));
  const commands = createMqttCommandLink(
    deps.imei,
    (_topic, payload) => down(payload),
    deps.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
  );
  const detachOta = deps.runtime.ota.attachTcp(deps.imei, down);
  const sender = { deviceId: deps.deviceId, imei: deps.imei, ownerUserId: deps.ownerUserId };
  // One progress message at a time, in arrival order (as the broker hands them over on MQTT).
  let progressed: Promise<void> = Promise.resolve();

  const refuse = (detail: Record<string, unknown>) => {
    totals.controlMalformed++;
    deps.malformed();
    deps.logger?.debug({ deviceId: deps.deviceId, ...detail }, 'dtu: control frame dropped');
  };

  return {
    gateway: (command: GatewayCommand): Promise<GatewayOutcome> => commands.gateway(command),

    /** A complete, CRC-valid control frame from the gateway. */
    received(channel: ControlChannel, payload: Uint8Array): void {
      totals.controlFrames++;
      if (channel === 'ack') {
        const ack = parseAck(payload);
        if (!ack.ok) refuse({ channel, reason: ack.reason });
        else if (commands.acked(ack.value)) totals.acks++;
        else totals.unknownAcks++;
        return;
      }
      if (channel === 'ota') {
        // Malformed and unmatched progress are counted by the OTA channel (ota_* metrics), as on MQTT.
        progressed = progressed
          .then(() => deps.runtime.ota.progress(sender, payload))
          .catch((error: unknown) => {
            deps.logger?.warn({ err: error, deviceId: deps.deviceId }, 'dtu: OTA progress not stored');
          });
        return;
      }
      refuse({ channel, reason: 'the platform -> gateway channel sent by the gateway' });
    },

    /** Bytes that started like a control frame but were not one. */
    malformed(reason: string): void {
      refuse({ reason });
    },

    /** The session ended: commands still waiting end as networkError, notices go elsewhere. */
    close(reason: string): void {
      detachOta();
      commands.dropped(reason);
    },
  };
}

export type DtuControl = ReturnType<typeof createDtuControl>;
