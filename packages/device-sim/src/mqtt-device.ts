/**
 * A simulated direct MQTT device: client id and username = IMEI, password = its MQTT secret.
 * Publishes telemetry `{ts, values}` to d/{imei}/up every `intervalMs` (QoS 1), and answers each
 * command on d/{imei}/down with `{cmd_id, ok}` on d/{imei}/ack after applying its writes
 * (a written value holds until the next write).
 */
import { EventEmitter } from 'node:events';
import { type Command, deviceTopic, parseCommand } from '@fleet/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { createSignal, type Signal, type SignalSpec, seedOf } from './signals.js';

export interface MqttPoint {
  name: string;
  signal: SignalSpec;
  /** Publish as a boolean (signal value !== 0). */
  boolean?: boolean;
}

export interface MqttDeviceOptions {
  url: string;
  imei: string;
  password: string;
  points: readonly MqttPoint[];
  /** Telemetry period, ms. Default 5000. 0 = only on `publishNow()`. */
  intervalMs?: number;
  /** Reconnect period for mqtt.js, ms. Default 1000. */
  reconnectPeriodMs?: number;
  seed?: number;
  now?: () => number;
  /** Report cellular signal quality (`csq`, 0-31) with each message, moving like this signal. */
  csq?: SignalSpec;
}

export type Value = number | string | boolean | null;
export type MqttDeviceEvent =
  | { type: 'connected' }
  | { type: 'published'; values: Record<string, Value> }
  | { type: 'command'; cmd_id: string; ok: boolean; error?: string }
  | { type: 'rejected'; reason: string }
  | { type: 'closed' }
  | { type: 'error'; message: string };

interface PointState {
  point: MqttPoint;
  signal: Signal;
  held: Value | undefined;
}

export class MqttDevice extends EventEmitter<{ event: [MqttDeviceEvent] }> {
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly points = new Map<string, PointState>();
  private readonly csq: Signal | null;
  readonly up: string;
  readonly down: string;
  readonly ack: string;
  /** `online` on connect, `offline` as the last will and before a clean stop. */
  readonly state: string;

  constructor(private readonly options: MqttDeviceOptions) {
    super();
    this.up = deviceTopic(options.imei, 'up');
    this.down = deviceTopic(options.imei, 'down');
    this.ack = deviceTopic(options.imei, 'ack');
    this.state = deviceTopic(options.imei, 'state');
    const seed = options.seed ?? seedOf(options.imei);
    for (const p of options.points) {
      this.points.set(p.name, {
        point: p,
        signal: createSignal(p.signal, seedOf(`${seed}:${p.name}`)),
        held: undefined,
      });
    }
    this.csq = options.csq ? createSignal(options.csq, seedOf(`${seed}:csq`)) : null;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connect; resolves once connected and subscribed to d/{imei}/down. */
  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      clientId: this.options.imei,
      username: this.options.imei,
      password: this.options.password,
      reconnectPeriod: this.options.reconnectPeriodMs ?? 1000,
      clean: true,
      // docs/protocols.md "Online/offline on an external broker": the broker says `offline` for us
      // when the connection drops; `online` is published on every (re)connect below.
      will: { topic: this.state, payload: Buffer.from('offline'), qos: 1, retain: false },
    });
    this.client = client;
    client.on('error', (err) => this.emitEvent({ type: 'error', message: err.message }));
    client.on('close', () => this.emitEvent({ type: 'closed' }));
    client.on('message', (topic, payload) => {
      if (topic === this.down) void this.onCommand(payload);
    });
    let first: { resolve: () => void; reject: (e: Error) => void } | null = null;
    const ready = new Promise<void>((resolve, reject) => {
      first = { resolve, reject };
    });
    const settle = (err: Error | null) => {
      const f = first;
      first = null;
      if (f) err ? f.reject(err) : f.resolve();
    };
    // clean session: subscribe again on every (re)connect
    client.on('connect', () => {
      this.emitEvent({ type: 'connected' });
      client.publish(this.state, 'online', { qos: 1 });
      client.subscribe(this.down, { qos: 1 }, (err) => {
        if (err) this.emitEvent({ type: 'error', message: err.message });
        settle(err ?? null);
      });
    });
    client.once('error', (err) => settle(err));
    try {
      await ready;
    } catch (e) {
      this.client = null;
      await client.endAsync(true);
      throw e;
    }
    const interval = this.options.intervalMs ?? 5000;
    if (interval > 0) {
      this.timer = setInterval(() => {
        this.publishNow().catch((e: Error) => this.emitEvent({ type: 'error', message: e.message }));
      }, interval);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const c = this.client;
    this.client = null;
    if (!c) return;
    // A clean DISCONNECT sends no last will: say offline first.
    if (c.connected) await c.publishAsync(this.state, 'offline', { qos: 1 }).catch(() => undefined);
    await c.endAsync();
  }

  /** Current values after advancing the signals to `nowMs`. */
  sample(nowMs: number = (this.options.now ?? Date.now)()): Record<string, Value> {
    const values: Record<string, Value> = {};
    for (const [name, s] of this.points) {
      const v = s.signal.tick(nowMs);
      values[name] = s.held !== undefined ? s.held : s.point.boolean ? v !== 0 : v;
    }
    return values;
  }

  /** Publish one telemetry message now (QoS 1); resolves on PUBACK. */
  async publishNow(): Promise<Record<string, Value>> {
    const client = this.client;
    if (!client) throw new Error('device not started');
    const ts = (this.options.now ?? Date.now)();
    const values = this.sample(ts);
    const csq = this.csq ? Math.max(0, Math.min(31, Math.round(this.csq.tick(ts)))) : undefined;
    await client.publishAsync(this.up, JSON.stringify({ ts, values, csq }), { qos: 1 });
    this.emitEvent({ type: 'published', values });
    return values;
  }

  /** Apply writes; unknown points fail the whole command and change nothing. */
  applyWrites(writes: Command['writes']): { ok: true } | { ok: false; error: string } {
    const unknown = Object.keys(writes).filter((k) => !this.points.has(k));
    if (unknown.length > 0) return { ok: false, error: `unknown point: ${unknown.join(', ')}` };
    for (const [name, value] of Object.entries(writes)) this.points.get(name)!.held = value;
    return { ok: true };
  }

  private async onCommand(payload: Buffer): Promise<void> {
    const parsed = parseCommand(payload);
    if (!parsed.ok) {
      this.emitEvent({ type: 'rejected', reason: parsed.reason });
      return;
    }
    const cmd = parsed.value;
    const result = this.applyWrites(cmd.writes);
    const ack = result.ok
      ? { cmd_id: cmd.cmd_id, ok: true }
      : { cmd_id: cmd.cmd_id, ok: false, error: result.error };
    try {
      await this.client?.publishAsync(this.ack, JSON.stringify(ack), { qos: 1 });
      this.emitEvent({ type: 'command', ...ack });
    } catch (e) {
      this.emitEvent({ type: 'error', message: (e as Error).message });
    }
  }

  private emitEvent(e: MqttDeviceEvent): void {
    this.emit('event', e);
  }
}
