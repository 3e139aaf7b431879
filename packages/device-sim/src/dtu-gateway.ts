/**
 * A simulated 4G DTU gateway: dials the platform over TCP, sends its registration packet (or the
 * bare IMEI when legacy), sends heartbeats, and answers Modbus RTU requests for its slaves like a
 * serial bus would (a request for an absent slave gets no answer). Answers can be split into
 * random chunks and delayed, to exercise the platform's stream handling. Reconnects with
 * exponential backoff until `stop()`.
 *
 * With `ota`, it is also an OTA gateway on its TCP link (docs/protocols.md "Control frames on the
 * DTU link"): notices and gateway commands arrive as control frames between Modbus requests and are
 * handled like on MQTT (gateway-down.ts, ota-agent.ts: the package comes over HTTP range requests);
 * answers and progress go back as control frames, never inside a Modbus answer.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import {
  buildLegacyRegistrationPacket,
  buildRegistrationPacket,
  type ControlChannel,
  encodeControlFrame,
  type OtaProgress,
  parseHeartbeatContent,
} from '@fleet/protocols';
import { type DownHandlerOptions, GatewayDownHandler } from './gateway-down.js';
import type { SimulatedSlave } from './modbus-slave.js';
import { OtaAgent, type OtaAgentOptions } from './ota-agent.js';
import { RequestFramer } from './request-framer.js';
import { createRandom } from './signals.js';

export interface DtuGatewayOptions {
  host: string;
  port: number;
  imei: string;
  /** Registration key (32 lowercase hex); required unless `legacy`. */
  key?: string;
  /** Register with the bare 15-digit IMEI. */
  legacy?: boolean;
  /** Heartbeat content: text, or hex with a 0x prefix (e.g. 0xFE01). Default 'PING'. */
  heartbeat?: string;
  /** Heartbeat interval in ms; 0 = off. Default 60 000. */
  heartbeatIntervalMs?: number;
  slaves: readonly SimulatedSlave[];
  /** Split each answer into random pieces of at most `maxChunk` bytes, `gapMs` apart. */
  chunking?: { maxChunk: number; gapMs?: number };
  /** Delay before answering, ms: a fixed value or a [min, max] range. */
  latencyMs?: number | readonly [number, number];
  /** Reconnect backoff: first delay and cap, ms. Default 500 / 30 000. */
  reconnect?: { initialMs?: number; maxMs?: number };
  /** Seed for chunking and latency randomness. */
  seed?: number;
  /** Clock for signal ticks; default Date.now. */
  now?: () => number;
  /** Be an OTA gateway on the TCP link too (notices, gateway commands). */
  ota?: DtuOtaOptions;
}

export interface DtuOtaOptions extends Omit<OtaAgentOptions, 'report' | 'reboot'>, DownHandlerOptions {
  /** Every step reported, after it was written (tests watch these). */
  onProgress?: (progress: OtaProgress) => void;
}

export type DtuGatewayEvent =
  | { type: 'connecting'; attempt: number }
  /** TCP connected and the registration packet written. */
  | { type: 'connected' }
  | { type: 'heartbeat' }
  | { type: 'request'; slave: number; fn: number }
  | { type: 'answer'; slave: number; bytes: number }
  | { type: 'silent'; slave: number }
  | { type: 'control'; channel: ControlChannel }
  | { type: 'closed'; reconnectInMs: number | null }
  | { type: 'error'; message: string };

export class DtuGateway extends EventEmitter<{ event: [DtuGatewayEvent] }> {
  private socket: net.Socket | null = null;
  private stopped = false;
  private attempt = 0;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private output: Promise<void> = Promise.resolve();
  private readonly rand: () => number;
  private readonly registration: Uint8Array;
  private readonly heartbeatBytes: Uint8Array | null;
  private readonly slaves = new Map<number, SimulatedSlave>();
  /** Connections made so far (for tests and logs). */
  connections = 0;
  /** The OTA side, when `ota` was given. */
  readonly agent: OtaAgent | null = null;
  readonly down: GatewayDownHandler | null = null;

  constructor(private readonly options: DtuGatewayOptions) {
    super();
    this.registration = options.legacy
      ? buildLegacyRegistrationPacket(options.imei, '\r\n')
      : buildRegistrationPacket(options.imei, options.key ?? '');
    const interval = options.heartbeatIntervalMs ?? 60_000;
    if (interval > 0) {
      const hb = parseHeartbeatContent(options.heartbeat ?? 'PING');
      if (!hb.ok) throw new RangeError(hb.error);
      this.heartbeatBytes = hb.bytes;
    } else this.heartbeatBytes = null;
    for (const s of options.slaves) this.slaves.set(s.id, s);
    this.rand = createRandom(options.seed ?? 1);
    const ota = options.ota;
    if (ota) {
      this.agent = new OtaAgent({
        ...ota,
        report: async (progress) => {
          await this.sendControl('ota', progress);
          ota.onProgress?.(progress);
        },
        // Firmware applied: the box restarts and reports the new version once logged in again.
        reboot: () => this.reboot(true),
      });
      this.down = new GatewayDownHandler(
        this.agent,
        { ack: (answer) => this.sendControl('ack', answer), reboot: () => this.reboot(false) },
        ota,
      );
    }
  }

  get connected(): boolean {
    return this.socket !== null && !this.socket.destroyed && !this.socket.connecting;
  }

  start(): this {
    this.stopped = false;
    if (!this.socket && !this.reconnectTimer) this.connect();
    return this;
  }

  /** Close the connection and stop reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.clearHeartbeat();
    const s = this.socket;
    this.socket = null;
    if (s && !s.destroyed) {
      await new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.destroy();
      });
    }
  }

  private emitEvent(e: DtuGatewayEvent): void {
    this.emit('event', e);
  }

  private connect(): void {
    this.attempt++;
    this.emitEvent({ type: 'connecting', attempt: this.attempt });
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    socket.setNoDelay(true);
    this.socket = socket;
    this.output = Promise.resolve();
    const framer = new RequestFramer(
      this.down
        ? (channel, payload) => {
            this.emitEvent({ type: 'control', channel });
            // The platform sends only `down`; anything else is not for a gateway.
            if (channel === 'down') void this.down?.handle(payload);
          }
        : undefined,
    );
    socket.on('connect', () => {
      this.attempt = 0;
      this.connections++;
      socket.write(this.registration);
      this.emitEvent({ type: 'connected' });
      this.scheduleHeartbeat(socket);
    });
    socket.on('data', (chunk: Buffer) => {
      for (const adu of framer.push(chunk)) this.answer(socket, adu);
    });
    socket.on('error', (err) => this.emitEvent({ type: 'error', message: err.message }));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.clearHeartbeat();
      if (this.stopped) {
        this.emitEvent({ type: 'closed', reconnectInMs: null });
        return;
      }
      const initial = this.options.reconnect?.initialMs ?? 500;
      const max = this.options.reconnect?.maxMs ?? 30_000;
      const delay = Math.min(max, initial * 2 ** Math.max(0, this.attempt - 1));
      this.emitEvent({ type: 'closed', reconnectInMs: delay });
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (!this.stopped) this.connect();
      }, delay);
    });
  }

  /** A control frame, written whole after whatever answer is being written (never inside one). */
  private async sendControl(channel: ControlChannel, message: object): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.destroyed) throw new Error('not connected');
    this.enqueueWrite(socket, [encodeControlFrame(channel, message)], 0);
    await this.output;
  }

  /** Drops the connection (it reconnects); `wait`: resolves once it is connected again (or stopped). */
  private async reboot(wait: boolean): Promise<void> {
    const again = wait
      ? new Promise<void>((resolve) => {
          const listener = (e: DtuGatewayEvent) => {
            if (e.type !== 'connected' && !(e.type === 'closed' && e.reconnectInMs === null)) return;
            this.off('event', listener);
            resolve();
          };
          this.on('event', listener);
        })
      : null;
    await this.output;
    const socket = this.socket;
    // Written bytes (the reboot's ack) are flushed before the connection drops.
    if (socket && !socket.destroyed)
      await Promise.race([new Promise<void>((resolve) => socket.end(() => resolve())), sleep(1000)]);
    socket?.destroy();
    await again;
  }

  private scheduleHeartbeat(socket: net.Socket): void {
    const interval = this.options.heartbeatIntervalMs ?? 60_000;
    if (!this.heartbeatBytes || interval <= 0) return;
    const hb = this.heartbeatBytes;
    this.heartbeatTimer = setInterval(() => {
      this.enqueueWrite(socket, [hb], 0);
      this.emitEvent({ type: 'heartbeat' });
    }, interval);
  }

  private clearHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private answer(socket: net.Socket, adu: Uint8Array): void {
    const id = adu[0]!;
    this.emitEvent({ type: 'request', slave: id, fn: adu[1]! });
    const slave = this.slaves.get(id);
    if (!slave) {
      this.emitEvent({ type: 'silent', slave: id });
      return;
    }
    slave.tick((this.options.now ?? Date.now)());
    const response = slave.handle(adu);
    if (!response) {
      this.emitEvent({ type: 'silent', slave: id });
      return;
    }
    this.emitEvent({ type: 'answer', slave: id, bytes: response.length });
    this.enqueueWrite(socket, this.split(response), this.latency());
  }

  private latency(): number {
    const l = this.options.latencyMs ?? 0;
    if (typeof l === 'number') return l;
    return l[0] + this.rand() * (l[1] - l[0]);
  }

  private split(bytes: Uint8Array): Uint8Array[] {
    const c = this.options.chunking;
    if (!c || c.maxChunk < 1) return [bytes];
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; ) {
      const n = 1 + Math.floor(this.rand() * Math.min(c.maxChunk, bytes.length - i));
      out.push(bytes.subarray(i, i + n));
      i += n;
    }
    return out;
  }

  /** Writes are serialized so a delayed or chunked answer never interleaves with a heartbeat. */
  private enqueueWrite(socket: net.Socket, chunks: Uint8Array[], delayMs: number): void {
    const gap = this.options.chunking?.gapMs ?? 5;
    this.output = this.output.then(async () => {
      if (delayMs > 0) await sleep(delayMs);
      for (let i = 0; i < chunks.length; i++) {
        if (socket.destroyed) return;
        if (i > 0 && gap > 0) await sleep(gap);
        socket.write(chunks[i]!);
      }
    });
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
