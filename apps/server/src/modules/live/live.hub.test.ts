import { afterEach, describe, expect, it } from 'vitest';
import type { Scope } from '../../platform/auth/scope.js';
import { BUS, createLocalBus } from '../../platform/bus/event-bus.js';
import { LIVE_BUS, type LiveReadingsMessage } from './live.feed.js';
import { createLiveHub, type LiveHub } from './live.hub.js';
import type { LiveSources } from './live.sources.js';

const scope = { userId: 1, dataOwnerId: 1, dataPath: '/1/', sessionId: 's1', isAdmin: true } as Scope;
const repo: LiveSources = {
  visibleDeviceIds: async () => [10, 11],
  liveSessionIds: async (ids) => new Set(ids),
  lockedDeviceIds: async () => new Set(),
};
const reading = (deviceId: number, value: number): LiveReadingsMessage => [
  { deviceId, readings: [{ point_id: 1, name: 'p', slave_id: null, value, at: '2026-01-01T00:00:00.000Z' }] },
];

let hub: LiveHub;
afterEach(() => hub?.close());

describe('live hub', () => {
  it('drops LD for a socket that is too far behind but never OL', async () => {
    const bus = createLocalBus();
    hub = createLiveHub({ bus, repo, clock: () => new Date() }, { coalesceMs: 1, maxBufferedBytes: 100 });
    const sent: string[] = [];
    const socket = { bufferedAmount: 0, send: (t: string) => void sent.push(t), close: () => {} };
    const member = await hub.join(socket, scope, Number.POSITIVE_INFINITY, () => {});
    await member.subscribe([10, 99]); // 99 is not visible: ignored
    bus.publish(LIVE_BUS.readings, [...reading(10, 1), ...reading(99, 2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^LD,10,/);

    socket.bufferedAmount = 101;
    bus.publish(LIVE_BUS.readings, reading(10, 3));
    bus.publish(BUS.presence, { deviceId: 11, status: 0, via: 'dtu', reason: 'heartbeat', at: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.slice(1)).toEqual([
      'OL,11,{"status":0,"via":"dtu","reason":"heartbeat","at":"1970-01-01T00:00:00.000Z"}',
    ]);
    expect(hub.counters()).toMatchObject({ dropped: 1, connections: 1 });
  });

  it('revokes sockets whose session ended or whose token expired', async () => {
    const live = new Set(['s1']);
    hub = createLiveHub({
      bus: createLocalBus(),
      repo: { ...repo, liveSessionIds: async (ids) => new Set(ids.filter((id) => live.has(id))) },
      clock: () => new Date(5000),
    });
    const revoked: string[] = [];
    const socket = { bufferedAmount: 0, send: () => {}, close: () => {} };
    await hub.join(socket, scope, Number.POSITIVE_INFINITY, () => void revoked.push('a'));
    await hub.join(
      socket,
      { ...scope, sessionId: 's2' },
      Number.POSITIVE_INFINITY,
      () => void revoked.push('b'),
    );
    await hub.join(socket, scope, 5000, () => void revoked.push('expired'));
    await hub.revalidate();
    expect(revoked.sort()).toEqual(['b', 'expired']);
    expect(hub.counters()).toMatchObject({ connections: 1, revoked: 2 });
  });
});
