import type { Logger } from 'pino';
import type { DeviceRuntime } from '../../platform/runtime.js';
import type { MqttCounters } from './counters.js';
import { startEmbeddedBroker } from './embedded-broker.js';
import { startExternalClient } from './external-client.js';

export type { MqttCounters } from './counters.js';

export interface MqttGatewayOptions {
  /** Embedded broker port (0 picks a free one); ignored with `url`. */
  port?: number;
  host?: string;
  /** External broker (scale-out): the platform is a client of it instead of running its own. */
  url?: string;
  logger?: Logger;
  /** How long a command waits for the device's ack (default 10 s). */
  commandTimeoutMs?: number;
  /** External broker: shared subscription group of the instances (default 'fleet'). */
  shareGroup?: string;
  /** External broker: presence from traffic (default) or from state messages / broker events. */
  presence?: 'traffic' | 'events';
  /** External broker: stable session name of this instance (persistent sessions) and their expiry. */
  sessionId?: string;
  sessionExpiryS?: number;
  /** External broker only: connections in the shared group (MQTT_CONNECTIONS). */
  connections?: number;
}

export interface MqttGateway {
  /** Port of the embedded broker; null when connected to an external broker. */
  port: number | null;
  counters(): MqttCounters;
  close(): Promise<void>;
}

/** The MQTT side of the device runtime (docs/protocols.md "MQTT"). */
export async function startMqttGateway(
  runtime: DeviceRuntime,
  options: MqttGatewayOptions,
): Promise<MqttGateway> {
  if (options.url) {
    const client = await startExternalClient(runtime, {
      url: options.url,
      logger: options.logger,
      commandTimeoutMs: options.commandTimeoutMs,
      shareGroup: options.shareGroup,
      presence: options.presence,
      sessionId: options.sessionId,
      sessionExpiryS: options.sessionExpiryS,
      connections: options.connections,
    });
    return { port: null, counters: client.counters, close: client.close };
  }
  const broker = await startEmbeddedBroker(runtime, {
    port: options.port ?? 1883,
    host: options.host,
    logger: options.logger,
    commandTimeoutMs: options.commandTimeoutMs,
  });
  return { port: broker.port, counters: broker.counters, close: broker.close };
}
