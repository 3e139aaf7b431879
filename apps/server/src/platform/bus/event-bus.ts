/**
 * Events between the parts of the platform and, in scale-out mode, between instances (DESIGN 2):
 * one interface, an in-process implementation here and a Redis one in redis-bus.ts.
 * Messages are JSON-serialisable values; delivery is at most once and fire-and-forget.
 */
export type BusHandler = (message: unknown) => void;

export interface EventBus {
  /** Delivers to every subscriber of `channel` on every instance (this one included). */
  publish(channel: string, message: unknown): void;
  /** Returns the unsubscribe function. A throwing handler never affects the others. */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** Channels and their messages, so publishers and subscribers agree on one shape. */
export const BUS = {
  /**
   * A device's configuration, credentials or existence changed (deviceId null: flush everything);
   * 'created': new devices exist, which changes who sees what but nothing cached about a device.
   */
  deviceChanged: 'device.changed',
  /** Online/offline transitions (PresenceEvent). */
  presence: 'device.presence',
  /** AlarmDeviceEvent: a device's triggers or open alarms changed; alarm engines drop its state. */
  alarmDevice: 'alarm.device',
  /** A notice was queued: outbox workers look for due rows now instead of at their next tick. */
  noticeWake: 'notice.wake',
} as const;

export interface AlarmDeviceEvent {
  deviceId: number;
}

export type DeviceChangeKind = 'config' | 'credentials' | 'deleted' | 'created';
export interface DeviceChangedEvent {
  deviceId: number | null;
  kind: DeviceChangeKind;
}

/** In-process bus: the embedded mode, and the local half of the Redis bus. */
export function createLocalBus(onHandlerError?: (error: unknown, channel: string) => void): EventBus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    publish(channel, message) {
      for (const handler of handlers.get(channel) ?? []) {
        try {
          handler(message);
        } catch (error) {
          onHandlerError?.(error, channel);
        }
      }
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
