import { LIVE_HEARTBEAT_MS, type LiveEvent, parseLiveEvent } from '@fleet/contracts';

/** The part of the browser WebSocket the client uses (tests hand in a fake). */
export interface LiveSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type LiveSocketFactory = (url: string) => LiveSocketLike;

const OPEN = 1;
/** Sends waiting for a connection beyond this are dropped (the server would not want them late). */
const MAX_OUTBOX = 100;

export interface LiveClientOptions {
  /** The access token to connect with (refreshed first when near expiry); undefined: not signed in. */
  getToken(): Promise<string | undefined>;
  /** Default: ws(s)://<this host>/wss. */
  baseUrl?: string;
  createSocket?: LiveSocketFactory;
  heartbeatMs?: number;
  /** Sends made while not connected are retried this often (SPEC 4: 1 s). */
  retryMs?: number;
  /** Reconnect backoff: first delay, doubled per failure up to the maximum. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

type EventType = LiveEvent['type'];
type Handler = (event: LiveEvent) => void;

export function defaultLiveUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/wss`;
}

/**
 * The browser end of /wss (docs/api-live.md): connects with the current token, reconnects with
 * backoff, sends HB every 10 s, re-sends its device subscriptions after every reconnect, and hands
 * typed events (checked with the contracts schemas) to listeners. Framework-free; see use-live.ts.
 */
export class LiveClient {
  private readonly options: Required<Omit<LiveClientOptions, 'baseUrl'>> & { baseUrl?: string };
  private socket: LiveSocketLike | null = null;
  private running = false;
  private failures = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setInterval> | undefined;
  private readonly outbox: string[] = [];
  private readonly handlers = new Map<EventType | '*', Set<Handler>>();
  private readonly connectHandlers = new Set<() => void>();
  /** Device id -> how many consumers want its LD stream. */
  private readonly devices = new Map<number, number>();
  /** Malformed frames received from the server (counted, ignored). */
  malformed = 0;

  constructor(options: LiveClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as LiveSocketLike,
      heartbeatMs: LIVE_HEARTBEAT_MS,
      retryMs: 1000,
      backoffMs: 1000,
      maxBackoffMs: 30_000,
      ...options,
    };
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.retryTimer = setInterval(() => this.flushOutbox(), this.options.retryMs);
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.retryTimer);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'stop');
    }
    this.outbox.length = 0;
  }

  /** Listens to one event type ('*': all); returns the unsubscribe function. */
  on(type: EventType | '*', handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => void set.delete(handler);
  }

  /**
   * Called on every (re)connection: events sent while the socket was down (or before it first opened) are
   * lost, so a list fed by live events refetches here to catch up. Returns the unsubscribe function.
   */
  onConnect(handler: () => void): () => void {
    this.connectHandlers.add(handler);
    return () => void this.connectHandlers.delete(handler);
  }

  /** Asks for the LD stream of these devices until the returned function is called. */
  watchDevices(deviceIds: readonly number[]): () => void {
    const added = [...new Set(deviceIds)].filter((id) => {
      const count = this.devices.get(id) ?? 0;
      this.devices.set(id, count + 1);
      return count === 0;
    });
    if (added.length > 0) this.send(`SUB,0,${JSON.stringify(added)}`);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const removed = [...new Set(deviceIds)].filter((id) => {
        const count = (this.devices.get(id) ?? 1) - 1;
        if (count <= 0) this.devices.delete(id);
        else this.devices.set(id, count);
        return count <= 0;
      });
      if (removed.length > 0 && this.connected) this.send(`UNSUB,0,${JSON.stringify(removed)}`);
    };
  }

  /** Sends now when connected; otherwise queued and retried every second (SPEC 4). */
  send(text: string): void {
    if (this.connected) this.socket!.send(text);
    else if (this.outbox.length < MAX_OUTBOX) this.outbox.push(text);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    let token: string | undefined;
    try {
      token = await this.options.getToken();
    } catch {
      token = undefined;
    }
    if (!this.running) return;
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    const base = this.options.baseUrl ?? defaultLiveUrl();
    let socket: LiveSocketLike;
    try {
      socket = this.options.createSocket(`${base}?token=${encodeURIComponent(token)}`);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      // The server starts a fresh connection with no subscriptions: ask again for what we watch.
      if (this.devices.size > 0) socket.send(`SUB,0,${JSON.stringify([...this.devices.keys()])}`);
      this.flushOutbox();
      this.startHeartbeat();
      for (const handler of [...this.connectHandlers]) handler();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // onclose follows and reconnects.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    const event = typeof data === 'string' ? parseLiveEvent(data) : null;
    if (!event) {
      this.malformed++;
      return;
    }
    for (const key of [event.type, '*'] as const) {
      for (const handler of this.handlers.get(key) ?? []) {
        try {
          handler(event);
        } catch (error) {
          console.error('live event handler failed', error);
        }
      }
    }
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** this.failures);
    this.failures++;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private flushOutbox(): void {
    while (this.connected && this.outbox.length > 0) {
      const text = this.outbox.shift()!;
      // A SUB queued before the connection opened is already covered by the SUB sent on open.
      if (text.startsWith('SUB,') || text.startsWith('UNSUB,')) continue;
      this.socket!.send(text);
    }
  }

  /** HB only on an open socket: a heartbeat queued for later says nothing. */
  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      if (this.connected) this.socket!.send('HB,0,');
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
  }
}
