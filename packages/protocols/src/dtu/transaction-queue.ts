/**
 * One serialized Modbus transaction queue per DTU connection. Pure and transport-agnostic: it is
 * given `send(bytes)` and a Scheduler, and is fed received bytes with `receive(bytes)`.
 *
 * - one request in flight at a time; writes (05/06/0F/10) go ahead of polls
 * - response timeout = uart read time (10-2000 ms, default 25) + network budget (default 1500 ms)
 * - received bytes go through the stream parser (heartbeats stripped, garbage and foreign frames
 *   dropped and counted); the in-flight request resolves on its frame, rejects on an exception
 *   response (ModbusExceptionError), an invalid response (InvalidResponseError) or timeout
 *   (ModbusTimeoutError)
 * - a poll identical (same slave and bytes) to one still queued is not queued twice: the caller
 *   gets the promise of the queued one
 * - a settle time after a timeout (default 200 ms) before the next request, so a late response is
 *   flushed as stale instead of being taken for the next request's answer. Modbus RTU has no
 *   transaction id: a late answer arriving after the next request of the same slave, function and
 *   length was sent cannot be told apart; the settle time makes that window small.
 * - control frames (dtu/control-frame.ts) given to `sendBetween` go out only while no request is in
 *   flight, ahead of the next request: the gateway never sees one inside a Modbus transaction
 * - `close()` rejects everything pending with ConnectionClosedError
 */
import {
  encodeRequest,
  isWriteFunction,
  type ModbusRequest,
  type ModbusResponse,
  parseResponse,
} from '../modbus/pdu.js';
import { encodeAdu, expectationFor } from '../modbus/rtu.js';
import { ModbusStreamParser, type StreamCounters, type StreamEvent } from '../modbus/stream.js';
import type { Scheduler, TimerHandle } from './scheduler.js';

export const DEFAULT_UART_READ_TIME_MS = 25;
export const MIN_UART_READ_TIME_MS = 10;
export const MAX_UART_READ_TIME_MS = 2000;
export const DEFAULT_NETWORK_BUDGET_MS = 1500;
export const DEFAULT_SETTLE_AFTER_TIMEOUT_MS = 200;
/** Control frames waiting for the link to be between transactions. */
export const MAX_QUEUED_CONTROL_FRAMES = 32;

export type Priority = 'write' | 'poll';
export type SlaveRequest = ModbusRequest & { slave: number };

export interface TransactionQueueOptions {
  send: (bytes: Uint8Array) => void;
  scheduler: Scheduler;
  uartReadTimeMs?: number;
  networkBudgetMs?: number;
  /** Heartbeat content to strip from the stream. */
  heartbeat?: Uint8Array | null;
  /** Strip the link's control frames (dtu/control-frame.ts) from the stream as `control` events. */
  controlFrames?: boolean;
  /** Most requests waiting (not counting the one in flight). Default 256. */
  maxQueued?: number;
  /**
   * Quiet time after a timeout before the next request is sent, so a late answer is flushed as
   * stale rather than taken for the next request's. Default 200 ms; 0 disables.
   */
  settleAfterTimeoutMs?: number;
  /** Every stream event (heartbeat, garbage, mismatch, frame, exception), for logs and metrics. */
  onEvent?: (event: StreamEvent) => void;
}

export interface QueueCounters {
  enqueued: number;
  sent: number;
  responses: number;
  exceptions: number;
  timeouts: number;
  invalid: number;
  coalesced: number;
  rejectedFull: number;
  sendErrors: number;
  closedRejected: number;
}

export class ModbusTimeoutError extends Error {
  override name = 'ModbusTimeoutError';
  constructor(
    readonly slave: number,
    readonly fn: number,
    readonly timeoutMs: number,
  ) {
    super(`slave ${slave} function ${fn} did not answer within ${timeoutMs} ms`);
  }
}

export class ModbusExceptionError extends Error {
  override name = 'ModbusExceptionError';
  constructor(
    readonly slave: number,
    readonly fn: number,
    readonly code: number,
    readonly exceptionName: string,
  ) {
    super(`slave ${slave} function ${fn}: exception ${code} (${exceptionName})`);
  }
}

export class InvalidResponseError extends Error {
  override name = 'InvalidResponseError';
}

export class ConnectionClosedError extends Error {
  override name = 'ConnectionClosedError';
}

export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

interface Entry {
  request: SlaveRequest;
  adu: Uint8Array;
  key: string;
  priority: Priority;
  promise: Promise<ModbusResponse>;
  resolve: (r: ModbusResponse) => void;
  reject: (e: Error) => void;
}

export class TransactionQueue {
  readonly counters: QueueCounters = {
    enqueued: 0,
    sent: 0,
    responses: 0,
    exceptions: 0,
    timeouts: 0,
    invalid: 0,
    coalesced: 0,
    rejectedFull: 0,
    sendErrors: 0,
    closedRejected: 0,
  };
  readonly timeoutMs: number;
  private readonly parser: ModbusStreamParser;
  private readonly writes: Entry[] = [];
  private readonly polls: Entry[] = [];
  private readonly queuedPolls = new Map<string, Entry>();
  private readonly between: Array<{ bytes: Uint8Array; done: (error?: Error) => void }> = [];
  private current: { entry: Entry; timer: TimerHandle } | null = null;
  private settleTimer: TimerHandle | null = null;
  private isClosed = false;
  private pumping = false;
  private repump = false;
  private readonly maxQueued: number;
  private readonly settleMs: number;

  constructor(private readonly options: TransactionQueueOptions) {
    const uart = options.uartReadTimeMs ?? DEFAULT_UART_READ_TIME_MS;
    if (!Number.isFinite(uart) || uart < MIN_UART_READ_TIME_MS || uart > MAX_UART_READ_TIME_MS)
      throw new RangeError(`uart read time must be ${MIN_UART_READ_TIME_MS}-${MAX_UART_READ_TIME_MS} ms`);
    const budget = options.networkBudgetMs ?? DEFAULT_NETWORK_BUDGET_MS;
    if (!Number.isFinite(budget) || budget < 0) throw new RangeError('network budget must be >= 0 ms');
    this.timeoutMs = uart + budget;
    this.maxQueued = Math.max(1, Math.floor(options.maxQueued ?? 256));
    this.settleMs = Math.max(0, options.settleAfterTimeoutMs ?? DEFAULT_SETTLE_AFTER_TIMEOUT_MS);
    this.parser = new ModbusStreamParser({
      heartbeat: options.heartbeat ?? null,
      controlFrames: options.controlFrames,
    });
  }

  get stream(): Readonly<StreamCounters> {
    return this.parser.counters;
  }

  /** Requests waiting (not counting the one in flight). */
  get queued(): number {
    return this.writes.length + this.polls.length;
  }

  get inFlight(): boolean {
    return this.current !== null;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Queue a request; the promise settles with its response. Priority defaults to 'write' for
   * 05/06/0F/10 and 'poll' otherwise. Invalid requests reject with ModbusRequestError.
   */
  enqueue(request: SlaveRequest, options: { priority?: Priority } = {}): Promise<ModbusResponse> {
    if (this.isClosed) {
      this.counters.closedRejected++;
      return Promise.reject(new ConnectionClosedError('connection closed'));
    }
    let adu: Uint8Array;
    try {
      adu = encodeAdu(request.slave, encodeRequest(request));
    } catch (e) {
      return Promise.reject(e);
    }
    const priority = options.priority ?? (isWriteFunction(request.fn) ? 'write' : 'poll');
    const key = Buffer.from(adu).toString('hex');
    if (priority === 'poll') {
      const same = this.queuedPolls.get(key);
      if (same) {
        this.counters.coalesced++;
        return same.promise;
      }
    }
    if (this.queued >= this.maxQueued) {
      this.counters.rejectedFull++;
      return Promise.reject(new QueueFullError(`more than ${this.maxQueued} requests queued`));
    }
    let resolve!: (r: ModbusResponse) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<ModbusResponse>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: Entry = { request: { ...request }, adu, key, priority, promise, resolve, reject };
    this.counters.enqueued++;
    if (priority === 'write') this.writes.push(entry);
    else {
      this.polls.push(entry);
      this.queuedPolls.set(key, entry);
    }
    this.pump();
    return promise;
  }

  /**
   * Sends `bytes` (a control frame) as soon as no request is in flight: at once when the link is idle,
   * else right after the current transaction ends (answer, exception or timeout), before the next.
   * Resolves once written; rejects when the queue closes first or the write fails.
   */
  sendBetween(bytes: Uint8Array): Promise<void> {
    if (this.isClosed) return Promise.reject(new ConnectionClosedError('connection closed'));
    if (this.between.length >= MAX_QUEUED_CONTROL_FRAMES)
      return Promise.reject(
        new QueueFullError(`more than ${MAX_QUEUED_CONTROL_FRAMES} control frames queued`),
      );
    const sent = new Promise<void>((resolve, reject) => {
      this.between.push({ bytes, done: (error) => (error ? reject(error) : resolve()) });
    });
    this.pump();
    return sent;
  }

  /** Bytes received from the connection (after the registration packet). Never throws. */
  receive(bytes: Uint8Array): void {
    if (this.isClosed) return;
    this.handle(this.parser.push(bytes));
  }

  /** Reject everything pending; later enqueues reject at once. */
  close(reason = 'connection closed'): void {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.settleTimer !== null) this.options.scheduler.clearTimeout(this.settleTimer);
    this.settleTimer = null;
    const pending: Entry[] = [];
    if (this.current) {
      this.options.scheduler.clearTimeout(this.current.timer);
      pending.push(this.current.entry);
      this.current = null;
    }
    pending.push(...this.writes.splice(0), ...this.polls.splice(0));
    this.queuedPolls.clear();
    for (const c of this.between.splice(0)) c.done(new ConnectionClosedError(reason));
    this.parser.reset();
    for (const e of pending) {
      this.counters.closedRejected++;
      e.reject(new ConnectionClosedError(reason));
    }
  }

  private pump(): void {
    if (this.pumping) {
      this.repump = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.repump = false;
        this.startNext();
      } while (this.repump);
    } finally {
      this.pumping = false;
    }
  }

  private startNext(): void {
    if (this.isClosed || this.current) return;
    this.flushBetween();
    if (this.settleTimer !== null) return;
    const entry = this.writes.shift() ?? this.polls.shift();
    if (!entry) return;
    if (entry.priority === 'poll') this.queuedPolls.delete(entry.key);
    this.handle(this.parser.expect(expectationFor(entry.request.slave, entry.request)));
    const timer = this.options.scheduler.setTimeout(() => this.onTimeout(entry), this.timeoutMs);
    this.current = { entry, timer };
    this.counters.sent++;
    try {
      this.options.send(entry.adu);
    } catch (e) {
      this.counters.sendErrors++;
      if (this.current?.entry === entry) {
        this.options.scheduler.clearTimeout(timer);
        this.current = null;
        this.handle(this.parser.expect(null));
        entry.reject(e instanceof Error ? e : new Error(String(e)));
        this.repump = true;
      }
    }
  }

  /** Control frames waiting: nothing is in flight now, so they go before the next request. */
  private flushBetween(): void {
    for (const c of this.between.splice(0)) {
      try {
        this.options.send(c.bytes);
        c.done();
      } catch (e) {
        this.counters.sendErrors++;
        c.done(e instanceof Error ? e : new Error(String(e)));
      }
    }
  }

  private onTimeout(entry: Entry): void {
    if (this.current?.entry !== entry) return;
    this.current = null;
    this.counters.timeouts++;
    this.handle(this.parser.expect(null));
    entry.reject(new ModbusTimeoutError(entry.request.slave, entry.request.fn, this.timeoutMs));
    this.flushBetween();
    if (this.settleMs > 0) {
      this.settleTimer = this.options.scheduler.setTimeout(() => {
        this.settleTimer = null;
        this.pump();
      }, this.settleMs);
    } else this.pump();
  }

  private handle(events: StreamEvent[]): void {
    for (const ev of events) {
      try {
        this.options.onEvent?.(ev);
      } catch {
        // observers must not break the queue
      }
      if (ev.type !== 'frame' && ev.type !== 'exception') continue;
      const cur = this.current;
      if (!cur) continue;
      const { entry } = cur;
      this.options.scheduler.clearTimeout(cur.timer);
      this.current = null;
      if (ev.type === 'exception') {
        this.counters.exceptions++;
        entry.reject(new ModbusExceptionError(entry.request.slave, entry.request.fn, ev.code, ev.name));
      } else {
        const parsed = parseResponse(entry.request, ev.pdu);
        if (parsed.kind === 'response') {
          this.counters.responses++;
          entry.resolve(parsed.response);
        } else if (parsed.kind === 'exception') {
          this.counters.exceptions++;
          const x = parsed.exception;
          entry.reject(new ModbusExceptionError(entry.request.slave, x.fn, x.code, x.name));
        } else {
          this.counters.invalid++;
          entry.reject(new InvalidResponseError(parsed.reason));
        }
      }
      this.pump();
    }
  }
}
