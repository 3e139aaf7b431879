import { createServer, type Server, type Socket } from 'node:net';
import { isValidImei, mayPublish, maySubscribe } from '@fleet/protocols';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { BUS, type DeviceChangedEvent } from '../../platform/bus/event-bus.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { isAddressInUse, ListenerPortError } from '../listen-error.js';
import type { OfflineReason } from '../types.js';
import { createMqttCommandLink, type MqttCommandLink } from './command-link.js';
import { emptyCounters, type MqttCounters } from './counters.js';
import { isExpired, verifyDeviceSecret } from './credentials.js';
import { FrameGuard } from './frame-guard.js';
import { createUplink } from './uplink.js';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  logger?: Logger;
  /** How long a command waits for the device's ack (default 10 s). */
  commandTimeoutMs?: number;
}

export interface EmbeddedBroker {
  port: number;
  counters(): MqttCounters;
  close(): Promise<void>;
}

/** One authenticated connection. */
interface Session {
  deviceId: number;
  imei: string;
  /** The secret it logged in with: a rotation makes it stale and the connection is kicked. */
  /** The stored hash at login: another one later means the secret was rotated. */
  passwordHash: string;
  remoteAddress: string;
  link?: MqttCommandLink;
  detach?: () => void;
  /** Why it is closing, as the online/offline log will say. */
  reason: OfflineReason;
}

const MAX_LOGGED_TOPIC = 128;
/**
 * Largest MQTT packet a connection may announce. Payloads above 64 KiB are dropped (counted) with
 * the connection kept; a packet above this is no device's telemetry and ends the connection.
 */
const MAX_FRAME_BYTES = 1024 * 1024;

function refusedLogin(): AuthenticateError {
  // Return code 4: "bad username or password", whatever was wrong (no hint for guessers).
  return Object.assign(new Error('bad username or password'), { returnCode: 4 }) as AuthenticateError;
}

/**
 * The embedded broker (Aedes): devices log in with IMEI / per-device secret, may only use their own
 * topics, and telemetry is acknowledged (PUBACK) only once it is durable: Aedes writes the PUBACK of
 * a QoS 1 publish right after `authorizePublish` calls back, so the readings are ingested there.
 */
export async function startEmbeddedBroker(
  runtime: DeviceRuntime,
  options: EmbeddedBrokerOptions,
): Promise<EmbeddedBroker> {
  const { logger } = options;
  const counters = emptyCounters();
  const uplink = createUplink(runtime, counters, logger);
  const sessions = new WeakMap<Client, Session>();
  /** The newest authenticated connection of each device: an older one closing was replaced. */
  const owners = new Map<number, Client>();
  /** Every authenticated connection not yet closed, per device, oldest first. */
  const live = new Map<number, Set<Client>>();
  const pendingPresence = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    pendingPresence.add(promise);
    void promise.finally(() => pendingPresence.delete(promise));
  };

  const broker = new Aedes({
    // Device ids are IMEIs of at most 20 digits.
    maxClientsIdLength: 23,
    maxTopicLevels: 8,
    authenticate(client, username, password, done) {
      const refuse = (why: string) => {
        counters.authFailures++;
        logger?.warn({ imei: isValidImei(client.id) ? client.id : '(invalid)', why }, 'MQTT login refused');
        done(refusedLogin(), null);
      };
      if (!isValidImei(client.id) || username !== client.id || !password) return refuse('identity');
      runtime.directory.byImei(client.id).then(
        (device) => {
          if (!device || !verifyDeviceSecret(device, password)) return refuse('credentials');
          if (isExpired(device, runtime.clock())) return refuse('expired');
          const remoteAddress = (client.conn as { remoteAddress?: string }).remoteAddress ?? '';
          const session: Session = {
            deviceId: device.id,
            imei: device.imei,
            passwordHash: device.mqttPasswordHash,
            remoteAddress,
            reason: 'closed',
          };
          sessions.set(client, session);
          owners.set(device.id, client);
          const connections = live.get(device.id) ?? new Set<Client>();
          connections.add(client);
          live.set(device.id, connections);
          client.conn.once('close', () => onClosed(client, session));
          counters.logins++;
          done(null, true);
        },
        (error: unknown) => {
          logger?.error({ err: error }, 'MQTT login lookup failed');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError, null);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const session = client ? sessions.get(client) : undefined;
      if (!session) return callback(new Error('not authenticated'));
      packet.retain = false; // devices never leave retained messages behind
      if (!mayPublish(session.imei, packet.topic)) {
        counters.denied++;
        logger?.warn(
          { imei: session.imei, topic: packet.topic.slice(0, MAX_LOGGED_TOPIC) },
          'MQTT publish refused',
        );
        return callback(new Error('publish not allowed'));
      }
      const kind = packet.topic.slice(session.imei.length + 3);
      const payload = packet.payload as Buffer;
      if (kind === 'up') {
        runtime.directory
          .byImei(session.imei)
          .then(async (device) => {
            if (device) await uplink.telemetry(device, payload);
          })
          .then(
            () => callback(null),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        return;
      }
      if (kind === 'ota') {
        // OTA progress (docs/protocols.md "OTA"): acknowledged once the plan's row moved.
        runtime.directory
          .byImei(session.imei)
          .then(async (device) => {
            if (device)
              await runtime.ota.progress(
                { deviceId: device.id, imei: device.imei, ownerUserId: device.ownerUserId },
                payload,
              );
          })
          .then(
            () => callback(null),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        return;
      }
      if (kind === 'ack') uplink.ack(session.link, { id: session.deviceId, imei: session.imei }, payload);
      // `state` is for external brokers; here the connection itself says online/offline.
      else if (kind !== 'state') counters.ignored++;
      callback(null);
    },
    authorizeSubscribe(client, subscription, callback) {
      const session = sessions.get(client);
      if (session && maySubscribe(session.imei, subscription.topic)) return callback(null, subscription);
      counters.denied++;
      logger?.warn(
        { imei: session?.imei, topic: subscription.topic.slice(0, MAX_LOGGED_TOPIC) },
        'MQTT subscription refused',
      );
      callback(null, null); // SUBACK failure (0x80) for this filter; the connection stays
    },
    // Defence in depth: whatever reaches the broker, a device only receives its own topics.
    authorizeForward(client, packet) {
      const session = sessions.get(client);
      return session && packet.topic.startsWith(`d/${session.imei}/`) ? packet : null;
    },
  });
  await broker.listen();
  const publishDown = (topic: string, payload: string) =>
    new Promise<void>((resolve, reject) =>
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  runtime.ota.setTransport(publishDown);

  broker.on('client', (client) => {
    const session = sessions.get(client);
    if (!session || owners.get(session.deviceId) !== client) return;
    counters.connected++;
    const link = createMqttCommandLink(session.imei, publishDown, options.commandTimeoutMs);
    session.link = link;
    session.detach = runtime.commands.attach(session.deviceId, link);
    track(runtime.presence.connected(session.deviceId, 'mqtt', session.remoteAddress));
  });
  broker.on('keepaliveTimeout', (client) => {
    const session = sessions.get(client);
    if (session) session.reason = 'heartbeat';
  });
  broker.on('clientError', (client, error) => {
    logger?.debug({ imei: sessions.get(client)?.imei, err: error.message }, 'MQTT client error');
  });

  function onClosed(client: Client, session: Session) {
    session.link?.dropped('connection lost');
    session.detach?.();
    if (session.link) counters.connected--;
    const connections = live.get(session.deviceId);
    connections?.delete(client);
    if (connections?.size === 0) live.delete(session.deviceId);
    if (owners.get(session.deviceId) === client && connections && connections.size > 0) {
      // The newest login went away before it took over (e.g. closed during CONNECT): the
      // connection it would have replaced is still there and keeps the device online.
      owners.set(session.deviceId, [...connections].at(-1)!);
      return;
    }
    if (owners.get(session.deviceId) !== client) {
      // A newer connection of the same device took over: it stays online, nothing to log.
      logger?.info({ imei: session.imei }, 'MQTT connection replaced by a newer one');
      return;
    }
    owners.delete(session.deviceId);
    track(runtime.presence.disconnected(session.deviceId, 'mqtt', session.reason));
  }

  /** Rotated credentials, a deleted or expired device: its connection goes ('kicked'). */
  const unsubscribe = runtime.bus.subscribe(BUS.deviceChanged, (message) => {
    const event = message as DeviceChangedEvent;
    if (event.kind === 'created' || (event.kind === 'config' && event.deviceId !== null)) return;
    const affected = [...owners].filter(
      ([deviceId]) => event.deviceId === null || deviceId === event.deviceId,
    );
    for (const [deviceId, client] of affected) {
      runtime.directory.invalidate(deviceId);
      const session = sessions.get(client);
      if (!session) continue;
      runtime.directory.byImei(session.imei).then(
        (device) => {
          const stale =
            !device ||
            device.id !== deviceId ||
            device.mqttPasswordHash !== session.passwordHash ||
            isExpired(device, runtime.clock());
          if (!stale || client.closed) return;
          session.reason = 'kicked';
          logger?.info({ imei: session.imei }, 'MQTT connection closed: credentials no longer valid');
          client.close();
        },
        (error: unknown) => logger?.error({ err: error }, 'MQTT credential re-check failed'),
      );
    }
  });

  // Sockets that never finished their CONNECT are no broker client yet; close() ends them too.
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(
      new FrameGuard(socket, MAX_FRAME_BYTES, (announced) => {
        counters.oversize++;
        logger?.warn(
          { announced, remoteAddress: socket.remoteAddress },
          'MQTT packet too large: connection closed',
        );
      }),
    );
  });
  server.on('error', (error) => logger?.error({ err: error }, 'MQTT listener error'));
  const port = await listen(server, options.port, options.host);

  return {
    port,
    counters: () => ({ ...counters }),
    async close() {
      unsubscribe();
      runtime.ota.setTransport(null);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of owners.values()) {
          const session = sessions.get(client);
          if (session) session.reason = 'shutdown';
        }
        broker.close(() => {
          for (const socket of sockets) socket.destroy();
        });
      });
      // The close events of the connections arrive after the broker closed them.
      await new Promise((resolve) => setImmediate(resolve));
      while (pendingPresence.size > 0) await Promise.all([...pendingPresence]);
    },
  };
}

function listen(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      reject(isAddressInUse(error) ? new ListenerPortError(port, 'MQTT_PORT') : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
