import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket';
import { LiveClient } from './live-client';

const reading = { point_id: 3, name: 'temp', slave_id: null, value: 21.5, at: '2026-01-01T00:00:00.000Z' };

function client(token: string | undefined = 'tok en') {
  return new LiveClient({
    getToken: async () => token,
    baseUrl: 'ws://host/wss',
    createSocket: (url) => new FakeSocket(url),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => void vi.useRealTimers());

describe('LiveClient', () => {
  it('connects with the token and hands typed events to listeners', async () => {
    const live = client();
    const ld = vi.fn();
    const all = vi.fn();
    live.on('LD', ld);
    live.on('*', all);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://host/wss?token=tok%20en');
    socket.open();
    socket.receive(`LD,7,${JSON.stringify([reading])}`);
    socket.receive('OL,7,{"status":0,"via":"mqtt","reason":"closed","at":"2026-01-01T00:00:00.000Z"}');
    socket.receive('LD,7,{broken');
    socket.receive('LD,7,[{"point_id":"x"}]');
    expect(ld).toHaveBeenCalledWith({ type: 'LD', deviceId: 7, data: [reading] });
    expect(all).toHaveBeenCalledTimes(2);
    expect(live.malformed).toBe(2);
    live.stop();
  });

  it('sends HB every 10 s while open', async () => {
    const live = client();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.latest().open();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeSocket.latest().sent).toEqual(['HB,0,', 'HB,0,']);
    live.stop();
  });

  it('queues sends made while connecting and delivers them once open', async () => {
    const live = client();
    live.start();
    live.send('HB,0,');
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.latest();
    await vi.advanceTimersByTimeAsync(3000); // retried every second, still connecting
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual(['HB,0,']);
    live.stop();
  });

  it('reconnects with growing backoff and re-subscribes its devices', async () => {
    const live = client();
    const unwatch = live.watchDevices([4, 5]);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent).toEqual(['SUB,0,[4,5]']);

    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.latest().drop(); // failed again before opening: the next wait doubles
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent).toEqual(['SUB,0,[4,5]']);

    unwatch();
    expect(FakeSocket.latest().sent.at(-1)).toBe('UNSUB,0,[4,5]');
    live.stop();
  });

  it('counts device watchers: UNSUB only when the last one leaves', async () => {
    const live = client();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.latest();
    socket.open();
    const first = live.watchDevices([1, 2]);
    const second = live.watchDevices([2, 3]);
    first();
    second();
    expect(socket.sent).toEqual(['SUB,0,[1,2]', 'SUB,0,[3]', 'UNSUB,0,[1]', 'UNSUB,0,[2,3]']);
    live.stop();
  });

  it('waits without a token and connects once there is one', async () => {
    let token: string | undefined;
    const live = new LiveClient({
      getToken: async () => token,
      baseUrl: 'ws://host/wss',
      createSocket: (url) => new FakeSocket(url),
    });
    live.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(0);
    token = 't';
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.all).toHaveLength(1);
    live.stop();
    expect(FakeSocket.latest().closedWith).toBe(1000);
  });
});
