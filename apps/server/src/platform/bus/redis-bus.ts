import { Redis } from 'ioredis';
import { type BusHandler, createLocalBus, type EventBus } from './event-bus.js';

export interface RedisBusOptions {
  /** Channel prefix, so several platforms (or test files) can share one Redis. */
  prefix?: string;
  onError?: (error: unknown, context: string) => void;
}

/**
 * Scale-out bus (DESIGN 2): one publisher and one subscriber connection. A publish goes to Redis
 * only; this instance's handlers run when the message comes back from Redis, like every other
 * instance's, so each instance (this one included) sees each message exactly once.
 */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<EventBus> {
  const prefix = options.prefix ?? 'fleet:bus:';
  const onError = options.onError ?? (() => undefined);
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  // Connection errors are retried by ioredis; without a listener they would be thrown as unhandled.
  publisher.on('error', (error) => onError(error, 'redis publisher'));
  subscriber.on('error', (error) => onError(error, 'redis subscriber'));
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  const local = createLocalBus((error, channel) => onError(error, `handler of ${channel}`));
  const counts = new Map<string, number>();

  subscriber.on('message', (redisChannel: string, payload: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch (error) {
      onError(error, `malformed message on ${redisChannel}`);
      return;
    }
    local.publish(redisChannel.slice(prefix.length), message);
  });

  let closed = false;
  return {
    publish(channel, message) {
      if (closed) return;
      publisher
        .publish(prefix + channel, JSON.stringify(message))
        .catch((error) => onError(error, 'publish'));
    },
    subscribe(channel, handler: BusHandler) {
      const unsubscribeLocal = local.subscribe(channel, handler);
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      if (count === 0) {
        subscriber.subscribe(prefix + channel).catch((error) => onError(error, 'subscribe'));
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        unsubscribeLocal();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) {
          counts.set(channel, left);
          return;
        }
        counts.delete(channel);
        if (!closed) subscriber.unsubscribe(prefix + channel).catch((error) => onError(error, 'unsubscribe'));
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await local.close();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
