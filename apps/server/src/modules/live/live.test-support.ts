import { type LiveEvent, parseLiveEvent } from '@fleet/contracts';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A real websocket client of /wss that records what it receives. */
export interface LiveTestClient {
  socket: WebSocket;
  events: LiveEvent[];
  raw: string[];
  closed: Promise<{ code: number; reason: string }>;
  send(text: string): void;
  /** Resolves with the first received event matching `match` (already received or future). */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  nextRaw(match: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

export function liveUrl(app: FastifyInstance, token?: string): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}/wss${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export async function connectLive(app: FastifyInstance, token?: string): Promise<LiveTestClient> {
  const socket = new WebSocket(liveUrl(app, token));
  const events: LiveEvent[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const text = data.toString();
    raw.push(text);
    const event = parseLiveEvent(text);
    if (event) events.push(event);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(raw)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    socket,
    events,
    raw,
    closed,
    send: (text) => socket.send(text),
    next: (match, timeoutMs = 5000) => waitFor(() => events.find(match), 'matching event', timeoutMs),
    nextRaw: (match, timeoutMs = 5000) => waitFor(() => raw.find(match), 'matching message', timeoutMs),
    close: () => socket.close(),
  };
}

/** Sends HB and waits for the answer: everything the server handled before it is done. */
export async function roundTrip(client: LiveTestClient): Promise<void> {
  const before = client.events.filter((e) => e.type === 'HB').length;
  client.send('HB,0,');
  await client.next(() => client.events.filter((e) => e.type === 'HB').length > before);
}
