import net from 'node:net';
import {
  type PlannerOptions,
  RegistrationParser,
  type Scheduler,
  systemScheduler,
  type TimerHandle,
} from '@fleet/protocols';
import type { Logger } from 'pino';
import { verifyDeviceSecretHash } from '../../modules/devices/secret-hash.js';
import type { DirectoryDevice } from '../../pipeline/directory.js';
import { BUS, type DeviceChangedEvent } from '../../platform/bus/event-bus.js';
import type { DeviceRuntime } from '../../platform/runtime.js';
import { isAddressInUse, ListenerPortError } from '../listen-error.js';
import { type DtuCounters, emptyCounters, type RejectReason } from './dtu-counters.js';
import { type DtuObserver, DtuSession } from './dtu-session.js';

export const DEFAULT_REGISTRATION_TIMEOUT_MS = 30_000;
export const DEFAULT_NETWORK_BUDGET_MS = 1500;
/** Bytes a gateway may send after its registration packet while its device is being looked up. */
const MAX_EARLY_BYTES = 4096;

export interface DtuGatewayOptions {
  port?: number;
  host?: string;
  logger?: Logger;
  scheduler?: Scheduler;
  networkBudgetMs?: number;
  /** How long a gateway command waits for its answer (default 10 s). */
  commandTimeoutMs?: number;
  registrationTimeoutMs?: number;
  observer?: DtuObserver;
  /** Block planning limits, for gateways whose slaves accept fewer registers per request. */
  planner?: PlannerOptions;
}

export interface DtuGateway {
  port: number;
  counters(): DtuCounters;
  close(): Promise<void>;
}

/**
 * The DTU listener (docs/protocols.md "DTU over TCP"): gateways dial in, register with IMEI and key,
 * heartbeat, and are polled as Modbus RTU masters over the same socket. Every failure of a device
 * (garbage, bad key, silence) ends that device's connection and nothing else.
 */
export async function startDtuGateway(
  runtime: DeviceRuntime,
  options: DtuGatewayOptions = {},
): Promise<DtuGateway> {
  const scheduler = options.scheduler ?? systemScheduler;
  const logger = options.logger;
  const registrationTimeoutMs = options.registrationTimeoutMs ?? DEFAULT_REGISTRATION_TIMEOUT_MS;
  const totals = emptyCounters();
  const sessions = new Map<number, DtuSession>();
  const sockets = new Set<net.Socket>();
  let closing = false;

  const retire = (session: DtuSession) => {
    const q = session.queue.counters;
    totals.requests += q.sent;
    totals.responses += q.responses;
    totals.timeouts += q.timeouts;
    totals.exceptions += q.exceptions;
    totals.invalid += q.invalid;
    if (sessions.get(session.deviceId) === session) sessions.delete(session.deviceId);
  };

  const sessionDeps = {
    runtime,
    scheduler,
    networkBudgetMs: options.networkBudgetMs ?? DEFAULT_NETWORK_BUDGET_MS,
    commandTimeoutMs: options.commandTimeoutMs,
    planner: options.planner,
    totals,
    logger,
    observer: options.observer,
    onClosed: retire,
  };

  const reject = (socket: net.Socket, reason: RejectReason, detail: Record<string, unknown> = {}) => {
    if (socket.destroyed) return;
    totals.rejected[reason] = (totals.rejected[reason] ?? 0) + 1;
    logger?.debug({ remoteAddress: socket.remoteAddress, reason, ...detail }, 'dtu registration refused');
    socket.destroy();
  };

  /** Why this device may not register with these credentials, or null when it may. */
  const refusal = (device: DirectoryDevice | null, key: string | null): RejectReason | null => {
    if (!device) return 'unknown';
    if (key === null ? !device.legacyRegistration : !verifyDeviceSecretHash(key, device.dtuKeyHash))
      return key === null ? 'legacy' : 'key';
    if (device.expireAt && device.expireAt.getTime() <= runtime.clock().getTime()) return 'expired';
    return null;
  };

  const accept = (socket: net.Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    totals.accepted++;
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.on('error', (error) => logger?.debug({ err: error }, 'dtu socket error'));
    // Legacy is accepted by the parser and refused per device unless the device is marked legacy.
    const parser = new RegistrationParser({ allowLegacy: true });
    let session: DtuSession | null = null;
    let early: Buffer[] | null = null;
    let earlyBytes = 0;
    let timer: TimerHandle | null = scheduler.setTimeout(() => {
      timer = null;
      if (!session) reject(socket, 'timeout');
    }, registrationTimeoutMs);
    const stopTimer = () => {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
    };

    const register = async (imei: string, key: string | null, rest: Uint8Array) => {
      early = [Buffer.from(rest)];
      earlyBytes = rest.length;
      let device: DirectoryDevice | null;
      try {
        device = await runtime.directory.byImei(imei);
      } catch (error) {
        logger?.warn({ err: error, imei }, 'dtu: device lookup failed');
        reject(socket, 'error', { imei });
        return;
      }
      if (socket.destroyed || closing) return;
      const refused = refusal(device, key);
      if (refused || !device) {
        reject(socket, refused ?? 'unknown', { imei });
        return;
      }
      stopTimer();
      totals.registered++;
      const previous = sessions.get(device.id);
      if (previous) {
        totals.replaced++;
        void previous.close(null);
      }
      session = new DtuSession(socket, device, { key }, sessionDeps);
      sessions.set(device.id, session);
      logger?.debug(
        { deviceId: device.id, imei, remoteAddress: socket.remoteAddress },
        'dtu gateway registered',
      );
      const pending = Buffer.concat(early);
      early = null;
      if (pending.length > 0) session.receive(pending);
    };

    socket.on('data', (chunk: Buffer) => {
      if (session) {
        session.receive(chunk);
        return;
      }
      if (early) {
        earlyBytes += chunk.length;
        if (earlyBytes > MAX_EARLY_BYTES) reject(socket, 'overflow');
        else early.push(chunk);
        return;
      }
      const result = parser.push(chunk);
      if (result.status === 'waiting') return;
      if (result.status === 'rejected') {
        reject(socket, 'malformed', { detail: result.reason });
        return;
      }
      void register(result.imei, result.key, result.rest);
    });
    socket.on('close', () => {
      stopTimer();
      sockets.delete(socket);
      void session?.close('closed');
    });
  };

  const unsubscribe = runtime.bus.subscribe(BUS.deviceChanged, (message) => {
    const { deviceId, kind } = (message ?? {}) as Partial<DeviceChangedEvent>;
    if (kind === 'created') return;
    if (typeof deviceId === 'number') void sessions.get(deviceId)?.reload();
    else if (deviceId === null) for (const s of sessions.values()) void s.reload();
  });

  const server = net.createServer(accept);
  server.on('error', (error) => logger?.error({ err: error }, 'dtu listener error'));
  const requestedPort = options.port ?? 0;
  await new Promise<void>((resolve, rejectListen) => {
    const onError = (error: unknown) => {
      unsubscribe();
      rejectListen(isAddressInUse(error) ? new ListenerPortError(requestedPort, 'DTU_PORT') : error);
    };
    server.once('error', onError);
    server.listen({ port: requestedPort, host: options.host }, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    counters() {
      const c: DtuCounters = { ...totals, rejected: { ...totals.rejected } };
      for (const s of sessions.values()) {
        const q = s.queue.counters;
        c.requests += q.sent;
        c.responses += q.responses;
        c.timeouts += q.timeouts;
        c.exceptions += q.exceptions;
        c.invalid += q.invalid;
      }
      c.connections = sockets.size;
      c.online = sessions.size;
      return c;
    },
    async close() {
      if (closing) return;
      closing = true;
      unsubscribe();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...sessions.values()].map((s) => s.close('shutdown')));
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
