import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket';
import { LiveClient } from './live-client';
import { resetLiveClient } from './live-context';
import { useLiveDevices, useLiveEvents } from './use-live';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  resetLiveClient(
    new LiveClient({
      getToken: async () => 't',
      baseUrl: 'ws://host/wss',
      createSocket: (url) => new FakeSocket(url),
    }),
  );
});
afterEach(() => {
  resetLiveClient();
  vi.useRealTimers();
});

describe('live hooks', () => {
  it('useLiveDevices subscribes to its devices and passes their LD on; unmount unsubscribes and disconnects', async () => {
    const onData = vi.fn();
    const { unmount } = renderHook(() => useLiveDevices([9, 8, 9], onData));
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.latest();
    socket.open();
    expect(socket.sent).toEqual(['SUB,0,[8,9]']);
    socket.receive(
      'LD,9,[{"point_id":1,"name":"a","slave_id":null,"value":1,"at":"2026-01-01T00:00:00.000Z"}]',
    );
    socket.receive('LD,5,[]');
    expect(onData).toHaveBeenCalledTimes(1);
    expect(onData.mock.calls[0]?.[0]).toBe(9);
    unmount();
    expect(socket.sent.at(-1)).toBe('UNSUB,0,[8,9]');
    expect(socket.closedWith).toBe(1000);
  });

  it('useLiveEvents hands one event type to the latest handler', async () => {
    const calls: string[] = [];
    const { rerender } = renderHook(
      ({ tag }) => useLiveEvents('OL', (e) => calls.push(`${tag}:${e.deviceId}`)),
      {
        initialProps: { tag: 'a' },
      },
    );
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.latest();
    socket.open();
    rerender({ tag: 'b' });
    socket.receive('OL,3,{"status":1,"via":"dtu","reason":"","at":"2026-01-01T00:00:00.000Z"}');
    socket.receive('AL,3,{"alarm_type":1,"at":"2026-01-01T00:00:00.000Z"}');
    expect(calls).toEqual(['b:3']);
  });

  it('useLiveEvents resyncs on the first connection and after every reconnect, never after unmount', async () => {
    const onResync = vi.fn();
    const { unmount } = renderHook(() => useLiveEvents('AL', () => undefined, onResync));
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.latest().open();
    expect(onResync).toHaveBeenCalledTimes(1);
    // The socket drops (events pushed meanwhile are lost); the reconnection catches up.
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    const again = FakeSocket.latest();
    expect(FakeSocket.all.length).toBe(2);
    again.open();
    expect(onResync).toHaveBeenCalledTimes(2);
    unmount();
    expect(onResync).toHaveBeenCalledTimes(2);
  });
});
