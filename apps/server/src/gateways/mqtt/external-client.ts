import { type Ack, isValidImei, parseAck, parseTopic } from '@fleet/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { BUS } from '../../platform/bus/event-bus.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import type { PresenceEvent } from '../types.js';
import { createMqttCommandLink, type MqttCommandLink } from './command-link.js';
import { emptyCounters, type MqttCounters } from './counters.js';
import { startSessionAdoption } from './session-adoption.js';
import { drainSession } from './session-drain.js';
import { createSessionSlotsRepository } from './session-slots.repository.js';
import { createUplink } from './uplink.js';

export interface ExternalClientOptions {
  url: string;
  logger?: Logger;
  /**
   * Connections to the broker. mqtt.js handles one incoming message at a time per connection and
   * each waits until its readings are durable, so several connections in the shared group keep
   * batches full (default 4; the platform passes MQTT_CONNECTIONS).
   */
  connections?: number;
  commandTimeoutMs?: number;
  /** Shared subscription group of the platform's instances (default 'fleet'). */
  shareGroup?: string;
  /**
   * Where online/offline comes from: 'traffic' (online on a message, offline after silence) or
   * 'events' (the device's `d/{imei}/state` online message and offline last will, or broker events).
   */
  presence?: 'traffic' | 'events';
  /**
   * Stable name of this instance's broker sessions: with it the sessions persist (clean start off,
   * `sessionExpiryS`), so messages queued for the instance while it restarts are delivered afterwards.
   */
  sessionId?: string;
  sessionExpiryS?: number;
}

export interface ExternalClient {
  counters(): MqttCounters;
  close(): Promise<void>;
}

/** `d/{imei}/state` payloads: `online` (published on connect) or `offline` (the last will). */
function parseState(payload: Buffer): 'online' | 'offline' | null {
  const text = payload.toString('utf8').trim().toLowerCase();
  return text === 'online' || text === 'offline' ? text : null;
}

/** Acks arrive at any instance of the group; they are handed to the instance waiting for them. */
const ACK_CHANNEL = 'mqtt.ack';
interface AckMessage {
  deviceId: number;
  ack: Ack;
}

/**
 * Scale-out mode: the devices talk to an external broker (e.g. Mosquitto) and every instance is a
 * client in one shared subscription group, so each message reaches one instance. Telemetry is
 * acknowledged to the broker only after it is durable. There is no connection per device here, so
 * presence comes from traffic (`seen`: online on traffic, offline after silence).
 */
export async function startExternalClient(
  runtime: DeviceRuntime,
  options: ExternalClientOptions,
): Promise<ExternalClient> {
  const { logger } = options;
  const byTraffic = (options.presence ?? 'traffic') === 'traffic';
  const counters = emptyCounters();
  const uplink = createUplink(runtime, counters, logger);
  const links = new Map<number, { link: MqttCommandLink; detach: () => void }>();
  let closing = false;

  const clients: MqttClient[] = [];
  const publishDown = (topic: string, payload: string) =>
    clients[0]!.publishAsync(topic, payload, { qos: 1 }).then(() => undefined);

  const linkOf = (deviceId: number, imei: string) => {
    const existing = links.get(deviceId);
    if (existing) return existing.link;
    const link = createMqttCommandLink(imei, publishDown, options.commandTimeoutMs);
    links.set(deviceId, { link, detach: runtime.commands.attach(deviceId, link) });
    return link;
  };
  const unlink = (deviceId: number, reason: string) => {
    const entry = links.get(deviceId);
    if (!entry) return;
    links.delete(deviceId);
    entry.link.dropped(reason);
    entry.detach();
  };

  const unsubscribers = [
    runtime.bus.subscribe(BUS.presence, (message) => {
      const event = message as PresenceEvent;
      if (event?.status === 0) unlink(event.deviceId, 'device offline');
    }),
    runtime.bus.subscribe(ACK_CHANNEL, (message) => {
      const { deviceId, ack } = message as AckMessage;
      const entry = links.get(deviceId);
      if (entry?.link.acked(ack)) counters.acks++;
    }),
  ];

  /** Resolves when the message may be acknowledged to the broker. */
  const handle = async (topic: string, payload: Buffer): Promise<void> => {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === 'down') {
      counters.ignored++;
      return;
    }
    const device = isValidImei(parsed.imei) ? await runtime.directory.byImei(parsed.imei) : null;
    if (!device) {
      counters.unknownDevices++;
      return;
    }
    if (parsed.kind === 'up') {
      await uplink.telemetry(device, payload);
      linkOf(device.id, device.imei);
      if (byTraffic) await runtime.presence.seen(device.id, 'mqtt');
      return;
    }
    if (parsed.kind === 'state') {
      const state = parseState(payload);
      if (state === 'online') {
        linkOf(device.id, device.imei);
        await runtime.presence.connected(device.id, 'mqtt');
      } else if (state === 'offline') await runtime.presence.disconnected(device.id, 'mqtt', 'closed');
      else {
        counters.malformed++;
        runtime.deviceCounters.record(device.id, 'malformed');
      }
      return;
    }
    if (parsed.kind === 'ota') {
      await runtime.ota.progress(
        { deviceId: device.id, imei: device.imei, ownerUserId: device.ownerUserId },
        payload,
      );
      return;
    }
    const ack = parseAck(payload);
    if (!ack.ok) {
      uplink.ack(undefined, device, payload); // counts it as malformed
      return;
    }
    runtime.bus.publish(ACK_CHANNEL, { deviceId: device.id, ack: ack.value } satisfies AckMessage);
  };

  /**
   * mqtt.js handles the next message only after this one's PUBACK, so a failure must not leave it
   * unanswered forever: a database hiccup is retried until it passes (the message is acknowledged
   * only once stored); closing the gateway stops retrying and the broker keeps the message.
   */
  const handleDurably = async (topic: string, payload: Buffer): Promise<boolean> => {
    for (let attempt = 0; !closing; attempt++) {
      try {
        await handle(topic, payload);
        return true;
      } catch (error) {
        if (closing) break;
        if (attempt === 0) logger?.error({ err: error }, 'MQTT message not stored yet; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** Math.min(attempt, 5))));
      }
    }
    return false;
  };

  const share = `$share/${options.shareGroup ?? 'fleet'}`;
  const connections = Math.max(1, options.connections ?? 4);
  // Persistent sessions on a shared PostgreSQL: say we are back before connecting, so the leader does
  // not start draining our session (session-adoption.ts) while we take it up again.
  const slots =
    options.sessionId !== undefined && runtime.database.kind === 'postgres'
      ? createSessionSlotsRepository(runtime.database.db)
      : undefined;
  if (slots && options.sessionId !== undefined)
    await slots.beat({ sessionId: options.sessionId, connections }, runtime.instanceId);
  // Persistent sessions on a shared PostgreSQL: beat for ours, and (on the leader) drain the sessions
  // of instances that stopped, whose share of the readings the broker would otherwise hold back. The
  // beat starts before our connections do: taking up a session with a backlog can outlast the
  // staleness limit on a loaded machine, and the leader would then drain the session we are joining.
  const adoption =
    slots && options.sessionId !== undefined
      ? startSessionAdoption({
          own: { sessionId: options.sessionId, connections },
          instanceId: runtime.instanceId,
          repository: slots,
          jobs: runtime.jobs,
          drain: (slot) =>
            drainSession(slot, {
              url: options.url,
              sessionExpiryS: options.sessionExpiryS ?? 3600,
              handle: handleDurably,
            }),
          logger,
        })
      : undefined;

  try {
    for (let i = 0; i < connections; i++) {
      const persistent = options.sessionId !== undefined;
      const client = await mqtt.connectAsync(options.url, {
        clientId: `fleet-${options.sessionId ?? runtime.instanceId.slice(0, 8)}-${i}`,
        clean: !persistent,
        ...(persistent && { properties: { sessionExpiryInterval: options.sessionExpiryS ?? 3600 } }),
        reconnectPeriod: 2000,
        // mqtt.js honours customHandleAcks (PUBACK after durable) only on MQTT 5.
        protocolVersion: 5,
        customHandleAcks(topic, message, _packet, done) {
          void handleDurably(topic, message).then((stored) => {
            if (stored) done(0);
          });
        },
      });
      clients.push(client);
      client.on('message', (topic, message, packet) => {
        if (packet.qos === 0) void handleDurably(topic, message);
      });
      client.on('error', (error) => logger?.warn({ err: error.message }, 'MQTT broker connection error'));
      await client.subscribeAsync({
        [`${share}/d/+/up`]: { qos: 1 },
        [`${share}/d/+/ack`]: { qos: 1 },
        [`${share}/d/+/state`]: { qos: 1 },
        [`${share}/d/+/ota`]: { qos: 1 },
      });
    }
  } catch (error) {
    closing = true;
    await adoption?.stop();
    for (const unsubscribe of unsubscribers) unsubscribe();
    await Promise.all(clients.map((client) => client.endAsync(true)));
    throw error;
  }

  return {
    counters: () => ({ ...counters, connected: links.size }),
    async close() {
      closing = true;
      await adoption?.stop();
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const deviceId of [...links.keys()]) unlink(deviceId, 'gateway closed');
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}
