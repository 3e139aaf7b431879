import { LIVE_CLOSE_UNAUTHORIZED } from '@fleet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scope } from '../../platform/auth/scope.js';
import { handleLiveConnection, type LiveConnectionDeps } from './live.connection.js';
import type { LiveHub, LiveMember } from './live.hub.js';

function fakeSocket() {
  const sent: string[] = [];
  const closes: number[] = [];
  return {
    sent,
    closes,
    bufferedAmount: 0,
    send: (t: string) => void sent.push(t),
    close: (c: number) => void closes.push(c),
  };
}

const scope = { userId: 7, sessionId: 's' } as Scope;
const member: LiveMember = { scope, subscribe: async () => {}, unsubscribe: () => {}, leave: () => {} };
const hub = { join: async () => member } as unknown as LiveHub;

function deps(over: Partial<LiveConnectionDeps> = {}): LiveConnectionDeps {
  return {
    hub,
    clock: () => new Date(1000),
    authenticate: async (token) => (token === 'good' ? { scope, expiresAt: Number.POSITIVE_INFINITY } : null),
    onError: () => {},
    authTimeoutMs: 5000,
    maxMalformed: 20,
    ...over,
  };
}

afterEach(() => void vi.useRealTimers());

describe('handleLiveConnection', () => {
  it('closes with 4401 when no AUTH arrives in time', () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    handleLiveConnection(socket, undefined, deps());
    vi.advanceTimersByTime(4999);
    expect(socket.closes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.closes).toEqual([LIVE_CLOSE_UNAUTHORIZED]);
  });

  it('asks to authenticate first, then serves after AUTH,<userId>,<token>', async () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    const connection = handleLiveConnection(socket, undefined, deps());
    connection.onMessage('HB,0,');
    expect(socket.sent).toEqual(['ERR,0,authenticate first']);
    connection.onMessage('AUTH,7,good');
    connection.onMessage('HB,0,');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent.at(-1)).toBe('HB,0,1000');
    vi.advanceTimersByTime(10_000);
    expect(socket.closes).toEqual([]);
  });

  it('never throws on hostile input', () => {
    const socket = fakeSocket();
    const connection = handleLiveConnection(socket, 'good', deps());
    for (const text of [null, '', ',', 'A,B,C', 'AUTH,-1,x', 'X'.repeat(10_000), 'SUB,0,[1e400]']) {
      expect(() => connection.onMessage(text)).not.toThrow();
    }
    connection.onClose();
  });
});
