import { formatLiveFrame, type LiveReading } from '@fleet/contracts';
import type { PresenceEvent } from '../../gateways/types.js';
import type { Scope } from '../../platform/auth/scope.js';
import { BUS, type EventBus } from '../../platform/bus/event-bus.js';
import { LIVE_BUS, type LiveAlarmMessage, type LiveReadingsMessage } from './live.feed.js';
import type { LiveSources } from './live.sources.js';
import { createViewers, type Viewer } from './live.viewers.js';

/** The part of a websocket the hub uses (the `ws` WebSocket satisfies it). */
export interface LiveSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued but not yet written to the network. */
  readonly bufferedAmount: number;
}

export interface LiveHubOptions {
  /** Readings of one device arriving within this window go out as one LD message. */
  coalesceMs: number;
  /** How often every socket's session is re-checked (revocation, user disabled, token expiry). */
  revalidateMs: number;
  /** A socket with more queued than this gets LD messages dropped (OL / AL are never dropped). */
  maxBufferedBytes: number;
  /** Device changes within this window cause one re-read of the visible sets. */
  refreshDebounceMs: number;
}

export const DEFAULT_LIVE_HUB_OPTIONS: LiveHubOptions = {
  coalesceMs: 50,
  revalidateMs: 2000,
  maxBufferedBytes: 1024 * 1024,
  refreshDebounceMs: 100,
};

export interface LiveHubDeps {
  bus: EventBus;
  repo: LiveSources;
  clock: () => Date;
  onError?: (error: unknown, context: string) => void;
}

export interface LiveCounters {
  connections: number;
  /** Frames handed to sockets. */
  sent: number;
  /** LD frames not sent because the socket was too far behind. */
  dropped: number;
  /** Sockets closed because their session ended or their token expired. */
  revoked: number;
}

/** One authenticated socket as the hub knows it. */
export interface LiveMember {
  readonly scope: Scope;
  /** Narrows the LD stream to these devices (the ones not visible are ignored silently). */
  subscribe(deviceIds: readonly number[]): Promise<void>;
  unsubscribe(deviceIds: readonly number[]): void;
  /** Unregisters (the socket closed). */
  leave(): void;
}

export interface LiveHub {
  join(socket: LiveSocket, scope: Scope, tokenExpiresAt: number, onRevoked: () => void): Promise<LiveMember>;
  /** Fans an alarm out to every socket (on every instance) whose user may see the device. */
  publishAlarm(deviceId: number, payload: Record<string, unknown>): void;
  /** Closes the sockets whose session ended; runs on a timer, callable directly. */
  revalidate(): Promise<void>;
  counters(): LiveCounters;
  close(): void;
}

interface Member extends LiveMember {
  socket: LiveSocket;
  viewer: Viewer<Member>;
  expiresAt: number;
  subs: Set<number>;
  revoke(): void;
}

/** Fan-out of live events to the sockets of this instance (DESIGN 9, docs/api-live.md). */
export function createLiveHub(deps: LiveHubDeps, overrides: Partial<LiveHubOptions> = {}): LiveHub {
  const options = { ...DEFAULT_LIVE_HUB_OPTIONS, ...overrides };
  const onError = (context: string) => (error: unknown) => deps.onError?.(error, context);
  const members = new Set<Member>();
  /** deviceId -> sockets subscribed to its LD stream (only visible devices get in). */
  const ldIndex = new Map<number, Set<Member>>();
  const counters = { sent: 0, dropped: 0, revoked: 0 };
  /**
   * Subscribed devices whose data is locked (service expired past the grace period, the rule of
   * devices/data-lock.ts): their LD is not sent. Checked on subscribe and re-read with every session
   * re-validation, so a renewal unlocks (and an expiry locks) within `revalidateMs`.
   */
  const locked = new Set<number>();
  const refreshLocks = async (ids: readonly number[]) => {
    if (ids.length === 0) return;
    const now = await deps.repo.lockedDeviceIds(ids);
    for (const id of ids) {
      if (now.has(id)) locked.add(id);
      else locked.delete(id);
    }
  };

  const dropSub = (member: Member, deviceId: number) => {
    member.subs.delete(deviceId);
    const set = ldIndex.get(deviceId);
    set?.delete(member);
    if (set?.size === 0) {
      ldIndex.delete(deviceId);
      locked.delete(deviceId);
    }
  };
  // Visibility shrank (unassigned, deleted): stop the LD of devices no longer visible.
  const viewers = createViewers<Member>(
    deps.repo,
    (viewer) => {
      for (const member of viewer.members) {
        for (const id of member.subs) if (!viewer.ids.has(id)) dropSub(member, id);
      }
    },
    onError('live visibility'),
  );

  const send = (member: Member, frame: string) => {
    try {
      member.socket.send(frame);
      counters.sent++;
    } catch (error) {
      onError('live send')(error);
    }
  };

  // ---- LD: coalesced per device, droppable under backpressure
  const pending = new Map<number, LiveReading[]>();
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    flushTimer = undefined;
    for (const [deviceId, readings] of pending) {
      const subscribers = ldIndex.get(deviceId);
      if (!subscribers || locked.has(deviceId)) continue;
      const frame = formatLiveFrame('LD', deviceId, JSON.stringify(readings));
      for (const member of subscribers) {
        if (member.socket.bufferedAmount > options.maxBufferedBytes) counters.dropped++;
        else send(member, frame);
      }
    }
    pending.clear();
  };
  const onReadings = (message: unknown) => {
    if (!Array.isArray(message)) return;
    for (const entry of message as LiveReadingsMessage) {
      if (!ldIndex.has(entry?.deviceId) || !Array.isArray(entry.readings)) continue;
      const list = pending.get(entry.deviceId) ?? [];
      pending.set(entry.deviceId, list);
      for (const reading of entry.readings) list.push(reading);
    }
    if (pending.size > 0) flushTimer ??= setTimeout(flush, options.coalesceMs);
  };

  // ---- OL / AL: to every visible socket, never dropped
  const toViewers = (deviceId: number, right: 'ol' | 'al', frame: string) => {
    for (const viewer of viewers.values()) {
      if (!viewer[right] || !viewer.ids.has(deviceId)) continue;
      for (const member of viewer.members) send(member, frame);
    }
  };
  const onPresence = (message: unknown) => {
    const event = message as PresenceEvent;
    if (!Number.isSafeInteger(event?.deviceId)) return;
    const payload = {
      status: event.status,
      via: event.via,
      reason: event.reason,
      at: new Date(event.at).toISOString(),
    };
    toViewers(event.deviceId, 'ol', formatLiveFrame('OL', event.deviceId, JSON.stringify(payload)));
  };
  const onAlarm = (message: unknown) => {
    const alarm = message as LiveAlarmMessage;
    if (!Number.isSafeInteger(alarm?.deviceId)) return;
    toViewers(alarm.deviceId, 'al', formatLiveFrame('AL', alarm.deviceId, JSON.stringify(alarm.payload)));
  };

  const unsubscribers = [
    deps.bus.subscribe(LIVE_BUS.readings, onReadings),
    deps.bus.subscribe(LIVE_BUS.alarms, onAlarm),
    deps.bus.subscribe(BUS.presence, onPresence),
    deps.bus.subscribe(BUS.deviceChanged, () => viewers.invalidate(options.refreshDebounceMs)),
  ];

  // ---- session re-validation, one query for all sockets
  let revalidating: Promise<void> | null = null;
  const revalidate = (): Promise<void> => {
    revalidating ??= (async () => {
      try {
        if (members.size === 0) return;
        const now = deps.clock();
        const sessionIds = [...new Set([...members].map((m) => m.scope.sessionId))];
        const live = await deps.repo.liveSessionIds(sessionIds, now);
        for (const member of [...members]) {
          if (!live.has(member.scope.sessionId) || member.expiresAt <= now.getTime()) member.revoke();
        }
        await refreshLocks([...ldIndex.keys()]);
      } finally {
        revalidating = null;
      }
    })();
    return revalidating;
  };
  const revalidateTimer = setInterval(
    () => void revalidate().catch(onError('live revalidate')),
    options.revalidateMs,
  );
  revalidateTimer.unref();

  return {
    async join(socket, scope, tokenExpiresAt, onRevoked) {
      const member: Member = {
        scope,
        socket,
        expiresAt: tokenExpiresAt,
        subs: new Set(),
        viewer: undefined as unknown as Viewer<Member>,
        async subscribe(deviceIds) {
          await member.viewer.ready;
          if (!members.has(member) || !member.viewer.ld) return;
          const fresh = deviceIds.filter((id) => member.viewer.ids.has(id) && !ldIndex.has(id));
          // The lock is known before the first reading of a newly watched device can go out.
          await refreshLocks(fresh);
          if (!members.has(member)) return;
          for (const id of deviceIds) {
            if (!member.viewer.ld || !member.viewer.ids.has(id) || member.subs.has(id)) continue;
            member.subs.add(id);
            let set = ldIndex.get(id);
            if (!set) {
              set = new Set();
              ldIndex.set(id, set);
            }
            set.add(member);
          }
        },
        unsubscribe(deviceIds) {
          for (const id of deviceIds) dropSub(member, id);
        },
        leave() {
          if (!members.delete(member)) return;
          for (const id of [...member.subs]) dropSub(member, id);
          viewers.leave(member.viewer, member);
        },
        revoke() {
          if (!members.has(member)) return;
          counters.revoked++;
          member.leave();
          onRevoked();
        },
      };
      member.viewer = viewers.join(scope, member);
      members.add(member);
      await member.viewer.ready;
      return member;
    },
    publishAlarm(deviceId, payload) {
      const message: LiveAlarmMessage = { deviceId, payload };
      deps.bus.publish(LIVE_BUS.alarms, message);
    },
    revalidate,
    counters: () => ({ connections: members.size, ...counters }),
    close() {
      clearInterval(revalidateTimer);
      if (flushTimer) clearTimeout(flushTimer);
      for (const unsubscribe of unsubscribers) unsubscribe();
      viewers.close();
      members.clear();
      ldIndex.clear();
      locked.clear();
    },
  };
}
