import type { Logger } from 'pino';
import { BUS, type EventBus } from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/client.js';
import type { OfflineReason, Presence, PresenceEvent, Via } from '../types.js';
import { appendSignal, markAllOffline, markOffline, markOnline, updateCsq } from './presence.repository.js';

/**
 * Traffic of connectionless devices, shared between instances: in scale-out mode a device's messages
 * reach any instance (shared subscriptions), so each instance tells the others, at most every
 * quarter of the silence window, that it saw the device; a sweeper then only marks silent what no
 * instance has seen.
 */
const SEEN_CHANNEL = 'device.seen';
interface SeenMessage {
  deviceId: number;
  via: Via;
  at: number;
}

const SIGNAL_LOG_INTERVAL_MS = 60_000;

export interface PresenceDeps {
  database: Database;
  bus: EventBus;
  clock?: () => Date;
  logger?: Logger;
  /** Connectionless devices go offline ('silent') after this long without traffic (default 10 min). */
  silentAfterMs?: number;
}

export interface PresenceService extends Presence {
  /** Embedded mode at process start: every device still marked online goes offline ('shutdown'). */
  recoverAtStart(): Promise<number>;
  /** Marks silent connectionless devices offline now; answers how many went offline (the timer calls it). */
  sweep(): Promise<number>;
}

export function createPresence(deps: PresenceDeps): PresenceService {
  const { database, bus, logger } = deps;
  const db = database.db;
  const clock = deps.clock ?? (() => new Date());
  const silentAfterMs = deps.silentAfterMs ?? 10 * 60_000;
  const announceEveryMs = Math.max(1, Math.floor(silentAfterMs / 4));

  /** Connectionless devices: last traffic seen by any instance, and when this one last announced it. */
  const seenDevices = new Map<number, { via: Via; lastSeen: number; announcedAt: number }>();
  /** Last signal row per device, to log at most one per minute. */
  const lastSignal = new Map<number, { csq: number; at: number }>();
  /** Transitions of one device run one after the other, so a quick reconnect cannot reorder them. */
  const queues = new Map<number, Promise<unknown>>();
  let closed = false;

  const serial = <T>(deviceId: number, task: () => Promise<T>): Promise<T> => {
    const previous = queues.get(deviceId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(deviceId, settled);
    void settled.then(() => {
      if (queues.get(deviceId) === settled) queues.delete(deviceId);
    });
    return next;
  };

  const announce = (event: PresenceEvent) => bus.publish(BUS.presence, event);

  /** Database trouble must not break a gateway's connection handling: logged, not thrown. */
  const guarded = async (what: string, deviceId: number, task: () => Promise<void>) => {
    try {
      await serial(deviceId, task);
    } catch (error) {
      logger?.error({ err: error, deviceId }, `presence: ${what} failed`);
    }
  };

  const goOnline = (deviceId: number, via: Via, remoteAddress: string) =>
    guarded('online', deviceId, async () => {
      const at = clock();
      if (await markOnline(db, deviceId, at, via, remoteAddress)) {
        announce({ deviceId, status: 1, via, reason: '', at: at.getTime() });
      }
    });

  const goOffline = (deviceId: number, via: Via, reason: OfflineReason) =>
    guarded('offline', deviceId, async () => {
      const at = clock();
      if (await markOffline(db, deviceId, at, via, reason)) {
        announce({ deviceId, status: 0, via, reason, at: at.getTime() });
      }
    });

  const unsubscribeSeen = bus.subscribe(SEEN_CHANNEL, (message) => {
    const seen = message as SeenMessage;
    if (typeof seen?.deviceId !== 'number' || typeof seen.at !== 'number') return;
    const entry = seenDevices.get(seen.deviceId);
    if (entry) entry.lastSeen = Math.max(entry.lastSeen, seen.at);
    else seenDevices.set(seen.deviceId, { via: seen.via, lastSeen: seen.at, announcedAt: 0 });
  });

  const sweep = async (): Promise<number> => {
    const cutoff = clock().getTime() - silentAfterMs;
    const silent = [...seenDevices].filter(([, entry]) => entry.lastSeen <= cutoff);
    let count = 0;
    for (const [deviceId, entry] of silent) {
      // Seen again while earlier devices were being written: keep it.
      if ((seenDevices.get(deviceId)?.lastSeen ?? 0) > cutoff) continue;
      seenDevices.delete(deviceId);
      await goOffline(deviceId, entry.via, 'silent');
      count++;
    }
    return count;
  };

  const sweepEveryMs = Math.max(1000, Math.min(Math.floor(silentAfterMs / 4), 60_000));
  const timer = setInterval(() => {
    void sweep().catch((error) => logger?.error({ err: error }, 'presence sweep failed'));
  }, sweepEveryMs);
  timer.unref();

  return {
    async connected(deviceId, via, remoteAddress = '') {
      seenDevices.delete(deviceId);
      await goOnline(deviceId, via, remoteAddress);
    },

    async disconnected(deviceId, via, reason) {
      seenDevices.delete(deviceId);
      await goOffline(deviceId, via, reason);
    },

    async seen(deviceId, via, remoteAddress = '') {
      if (closed) return;
      const now = clock().getTime();
      const entry = seenDevices.get(deviceId);
      if (entry && now - entry.announcedAt < announceEveryMs) {
        entry.lastSeen = Math.max(entry.lastSeen, now);
        return;
      }
      seenDevices.set(deviceId, { via, lastSeen: now, announcedAt: now });
      bus.publish(SEEN_CHANNEL, { deviceId, via, at: now } satisfies SeenMessage);
      // Also re-asserts online after another instance's sweeper marked it silent.
      await goOnline(deviceId, via, remoteAddress);
    },

    async reportCsq(deviceId, csq) {
      if (!Number.isInteger(csq) || !((csq >= 0 && csq <= 31) || csq === 99)) return;
      const now = clock();
      const last = lastSignal.get(deviceId);
      if (last && now.getTime() - last.at < SIGNAL_LOG_INTERVAL_MS) {
        if (last.csq === csq) return;
        last.csq = csq;
        await guarded('csq', deviceId, () => updateCsq(db, deviceId, csq));
        return;
      }
      lastSignal.set(deviceId, { csq, at: now.getTime() });
      await guarded('csq', deviceId, () => appendSignal(db, deviceId, csq, now));
    },

    async recoverAtStart() {
      const at = clock();
      const changed = await markAllOffline(db, at, 'shutdown');
      for (const { deviceId, via } of changed) {
        announce({ deviceId, status: 0, via, reason: 'shutdown', at: at.getTime() });
      }
      return changed.length;
    },

    sweep,

    async close() {
      closed = true;
      clearInterval(timer);
      unsubscribeSeen();
      await Promise.all([...queues.values()]);
    },
  };
}
