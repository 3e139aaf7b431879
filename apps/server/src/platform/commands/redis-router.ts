import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLocalLinks, DEVICE_OFFLINE } from './local-router.js';
import type { CommandOutcome, CommandRouter, GatewayCommand, GatewayOutcome, PointWrite } from './types.js';

export interface RedisCommandRouterOptions {
  url: string;
  instanceId: string;
  /** How long a remote instance may take to answer; above the gateways' own timeouts (default 15 s). */
  timeoutMs?: number;
  /** Lifetime of a holder record; refreshed every third of it while the link is attached (default 60 s). */
  holderTtlMs?: number;
  /** Redis failures that cannot be reported to a caller (holder bookkeeping, malformed messages). */
  onError?: (error: unknown, context: string) => void;
  /** The deployment's key and channel prefix (config REDIS_PREFIX, default `fleet:`). */
  prefix?: string;
}

type Request =
  | { id: string; replyTo: string; op: 'write'; write: PointWrite }
  | { id: string; replyTo: string; op: 'refresh'; deviceId: number }
  | { id: string; replyTo: string; op: 'gateway'; command: GatewayCommand };
type Reply = { id: string; outcome: GatewayOutcome } | { id: string; refreshed: boolean };

interface Pending {
  settle(result: Reply | 'offline' | 'timeout'): void;
}

export const holderKey = (deviceId: number, prefix = 'fleet:') => `${prefix}cmd-holder:${deviceId}`;
export const requestChannel = (instanceId: string, prefix = 'fleet:') => `${prefix}cmd:${instanceId}`;
export const replyChannel = (instanceId: string, prefix = 'fleet:') => `${prefix}cmd-reply:${instanceId}`;

// Set the record unless another instance holds it now (a reconnect elsewhere wins over our refresh).
const CLAIM_IF_FREE_OR_OURS = `
local current = redis.call('GET', KEYS[1])
if current == false or current == ARGV[1] then
  return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return false`;
const DELETE_IF_OURS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const NO_ANSWER: CommandOutcome = {
  status: 'networkError',
  error: 'no answer from the instance holding the connection',
};
const OUTCOME_STATUSES = new Set(['resp', 'fail', 'networkError', 'error']);

function parseRequest(raw: string): Request | null {
  const message = JSON.parse(raw) as Partial<Request> | null;
  if (!message || typeof message.id !== 'string' || typeof message.replyTo !== 'string') return null;
  if (message.op === 'write') {
    const write = (message as { write?: Partial<PointWrite> }).write;
    if (!write || !Number.isInteger(write.deviceId) || typeof write.point !== 'object' || !write.point)
      return null;
    return message as Request;
  }
  if (message.op === 'gateway') {
    const command = (message as { command?: Partial<GatewayCommand> }).command;
    if (
      !command ||
      !Number.isInteger(command.deviceId) ||
      typeof command.order !== 'object' ||
      !command.order
    )
      return null;
    return message as Request;
  }
  if (message.op === 'refresh' && Number.isInteger((message as { deviceId?: unknown }).deviceId)) {
    return message as Request;
  }
  return null;
}

function parseOutcome(value: unknown): GatewayOutcome | null {
  if (!value || typeof value !== 'object') return null;
  const { status, error, signal } = value as { status?: unknown; error?: unknown; signal?: unknown };
  if (typeof status !== 'string' || !OUTCOME_STATUSES.has(status)) return null;
  if (status === 'resp') {
    const { rssi, ber } = (signal ?? {}) as { rssi?: unknown; ber?: unknown };
    return Number.isInteger(rssi) && Number.isInteger(ber)
      ? { status: 'resp', signal: { rssi: rssi as number, ber: ber as number } }
      : { status: 'resp' };
  }
  return { status: status as 'fail', error: typeof error === 'string' ? error : '' };
}

/**
 * Scale-out mode (DESIGN 7): the instance holding a device's connection records itself in Redis;
 * other instances forward writes to it over pub/sub and wait for the correlated reply.
 */
export async function createRedisCommandRouter(options: RedisCommandRouterOptions): Promise<CommandRouter> {
  const { instanceId } = options;
  const prefix = options.prefix ?? 'fleet:';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const holderTtlMs = options.holderTtlMs ?? 60_000;
  const report = options.onError ?? (() => {});
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  redis.on('error', (error) => report(error, 'redis connection'));
  subscriber.on('error', (error) => report(error, 'redis subscriber'));
  await Promise.all([redis.connect(), subscriber.connect()]);

  const attached = new Set<number>();
  const claim = (deviceId: number) =>
    redis
      .eval(CLAIM_IF_FREE_OR_OURS, 1, holderKey(deviceId, prefix), instanceId, holderTtlMs)
      .catch((error) => report(error, `claim device ${deviceId}`));
  const links = createLocalLinks({
    onAttach(deviceId) {
      attached.add(deviceId);
      // A newer connection on this instance always takes the record, even from another instance.
      redis
        .set(holderKey(deviceId, prefix), instanceId, 'PX', holderTtlMs)
        .catch((error) => report(error, `attach device ${deviceId}`));
    },
    onDetach(deviceId) {
      attached.delete(deviceId);
      redis
        .eval(DELETE_IF_OURS, 1, holderKey(deviceId, prefix), instanceId)
        .catch((error) => report(error, `detach device ${deviceId}`));
    },
  });
  const refreshTimer = setInterval(
    () => {
      for (const deviceId of attached) void claim(deviceId);
    },
    Math.max(1000, Math.floor(holderTtlMs / 3)),
  );
  refreshTimer.unref();

  const pending = new Map<string, Pending>();

  const answer = async (request: Request) => {
    const reply: Reply =
      request.op === 'write'
        ? { id: request.id, outcome: await links.write(request.write) }
        : request.op === 'gateway'
          ? { id: request.id, outcome: await links.gateway(request.command) }
          : { id: request.id, refreshed: await links.refresh(request.deviceId) };
    await redis.publish(replyChannel(request.replyTo, prefix), JSON.stringify(reply));
  };

  subscriber.on('message', (channel: string, raw: string) => {
    try {
      if (channel === requestChannel(instanceId, prefix)) {
        const request = parseRequest(raw);
        if (!request) return report(new Error('malformed command request'), channel);
        answer(request).catch((error) => report(error, 'answer command request'));
        return;
      }
      if (channel === replyChannel(instanceId, prefix)) {
        const reply = JSON.parse(raw) as Reply | null;
        const waiting = reply && typeof reply.id === 'string' ? pending.get(reply.id) : undefined;
        if (reply) waiting?.settle(reply);
      }
    } catch (error) {
      report(error, channel);
    }
  });
  await subscriber.subscribe(requestChannel(instanceId, prefix), replyChannel(instanceId, prefix));

  /** Sends a request to the holder: 'offline' when nobody holds the device, 'timeout' when no answer came. */
  const forward = async (
    deviceId: number,
    build: (id: string) => Request,
  ): Promise<Reply | 'offline' | 'timeout'> => {
    const holder = await redis.get(holderKey(deviceId, prefix));
    if (!holder || holder === instanceId) return 'offline'; // ours but not attached: a stale record
    const id = randomUUID();
    const reply = new Promise<Reply | 'offline' | 'timeout'>((resolve) => {
      const settle = (value: Reply | 'offline' | 'timeout') => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(value);
      };
      const timer = setTimeout(() => settle('timeout'), timeoutMs);
      pending.set(id, { settle });
    });
    const receivers = await redis
      .publish(requestChannel(holder, prefix), JSON.stringify(build(id)))
      .catch((error) => {
        pending.get(id)?.settle('offline'); // nothing will answer: do not keep the timer
        throw error;
      });
    // Nobody listens on the holder's channel: that instance is gone and its record is stale.
    if (receivers === 0) pending.get(id)?.settle('offline');
    return reply;
  };

  /** A write or gateway command answered by the instance holding the device: its outcome. */
  const outcomeOf = async (deviceId: number, build: (id: string) => Request): Promise<CommandOutcome> => {
    try {
      const reply = await forward(deviceId, build);
      if (reply === 'offline') return DEVICE_OFFLINE;
      if (reply === 'timeout') return NO_ANSWER;
      return (
        parseOutcome((reply as { outcome?: unknown }).outcome) ?? {
          status: 'error',
          error: 'malformed reply',
        }
      );
    } catch (error) {
      return { status: 'networkError', error: `command routing failed: ${(error as Error).message}` };
    }
  };

  return {
    attach: (deviceId, link) => links.attach(deviceId, link),
    async write(write) {
      if (links.get(write.deviceId)) return links.write(write);
      return outcomeOf(write.deviceId, (id) => ({ id, replyTo: instanceId, op: 'write', write }));
    },
    async gateway(command) {
      if (links.get(command.deviceId)) return links.gateway(command);
      return outcomeOf(command.deviceId, (id) => ({ id, replyTo: instanceId, op: 'gateway', command }));
    },
    async refresh(deviceId) {
      if (links.get(deviceId)) return links.refresh(deviceId);
      try {
        const reply = await forward(deviceId, (id) => ({ id, replyTo: instanceId, op: 'refresh', deviceId }));
        return typeof reply === 'object' && (reply as { refreshed?: unknown }).refreshed === true;
      } catch (error) {
        report(error, 'forward refresh');
        return false;
      }
    },
    async close() {
      clearInterval(refreshTimer);
      for (const waiting of [...pending.values()]) waiting.settle('offline');
      await Promise.all(
        [...attached].map((deviceId) =>
          redis.eval(DELETE_IF_OURS, 1, holderKey(deviceId, prefix), instanceId).catch(() => undefined),
        ),
      );
      attached.clear();
      links.clear();
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
