/**
 * Master-side Modbus RTU stream parser for one DTU connection.
 *
 * Bytes arrive in arbitrary chunks (split and merged frames); heartbeat packets may sit anywhere
 * between frames (or before the first); garbage may appear. Given the response currently expected
 * (slave, function, length, write echo) `push` answers events:
 *
 * - `frame`     a CRC-valid response that matches the expectation (the expectation is then cleared,
 *               so a duplicate is never delivered twice)
 * - `exception` a CRC-valid exception response (slave, function | 0x80) for the expectation
 * - `heartbeat` the configured heartbeat content
 * - `mismatch`  a CRC-valid frame that is not the expected one (other slave/function/length,
 *               or no request in flight): counted and dropped
 * - `garbage`   bytes dropped (unframed, stale when a new expectation is set, or overflow)
 *
 * Resolution order at each position: expected response, heartbeat, any other CRC-valid frame,
 * otherwise the byte is garbage. The parser waits for more bytes only while the buffer could
 * still become the expected response, a heartbeat, or (when nothing later in the buffer could be
 * the expected response) another frame. The buffer is bounded by `maxBuffer`.
 *
 * `push` and `expect` never throw.
 */
import { type ControlEvent, MAX_CONTROL_FRAME, matchControlFrame } from '../dtu/control-frame.js';
import { crc16 } from './crc.js';
import { exceptionName, SUPPORTED_FUNCTIONS } from './pdu.js';
import { EXCEPTION_ADU_LENGTH, type Expectation, MAX_ADU_LENGTH } from './rtu.js';

export type GarbageReason = 'unframed' | 'stale' | 'overflow';

export type StreamEvent =
  | { type: 'frame'; slave: number; fn: number; adu: Uint8Array; pdu: Uint8Array }
  | { type: 'exception'; slave: number; fn: number; code: number; name: string }
  | { type: 'heartbeat' }
  | { type: 'mismatch'; slave: number; fn: number; bytes: number }
  | { type: 'garbage'; bytes: number; reason: GarbageReason }
  | ControlEvent;

export interface StreamCounters {
  bytesIn: number;
  frames: number;
  frameBytes: number;
  exceptions: number;
  heartbeats: number;
  mismatches: number;
  mismatchBytes: number;
  garbageBytes: number;
  overflowBytes: number;
}

export interface StreamParserOptions {
  /** Heartbeat content (see dtu/heartbeat); null or empty = no heartbeat recognition. */
  heartbeat?: Uint8Array | null;
  /** Maximum bytes kept between pushes (at least 256 + heartbeat length). Default 1024. */
  maxBuffer?: number;
  /**
   * Recognise the DTU link's control frames (dtu/control-frame.ts) between frames and strip them
   * (`control` / `control-malformed` events). The buffer then holds at least one maximal frame.
   */
  controlFrames?: boolean;
}

type Match = { kind: 'complete'; len: number; exception: boolean } | { kind: 'partial' } | { kind: 'no' };

const NO: Match = { kind: 'no' };
const PARTIAL: Match = { kind: 'partial' };

function crcOk(b: Uint8Array, start: number, len: number): boolean {
  const crc = crc16(b, start, start + len - 2);
  return b[start + len - 2] === (crc & 0xff) && b[start + len - 1] === crc >>> 8;
}

export class ModbusStreamParser {
  readonly counters: StreamCounters = {
    bytesIn: 0,
    frames: 0,
    frameBytes: 0,
    exceptions: 0,
    heartbeats: 0,
    mismatches: 0,
    mismatchBytes: 0,
    garbageBytes: 0,
    overflowBytes: 0,
  };
  private buf: Uint8Array = new Uint8Array(0);
  private expectation: Expectation | null = null;
  private readonly heartbeat: Uint8Array | null;
  private readonly maxBuffer: number;
  private readonly control: boolean;

  constructor(options: StreamParserOptions = {}) {
    this.heartbeat = options.heartbeat && options.heartbeat.length > 0 ? options.heartbeat.slice() : null;
    this.control = options.controlFrames === true;
    const floor = MAX_ADU_LENGTH + (this.heartbeat?.length ?? 0) + (this.control ? MAX_CONTROL_FRAME : 0);
    this.maxBuffer = Math.max(floor, Math.floor(options.maxBuffer ?? 1024));
  }

  /** Bytes currently held waiting for more. */
  get buffered(): number {
    return this.buf.length;
  }

  get expecting(): Expectation | null {
    return this.expectation;
  }

  /**
   * Set (or clear with null) the response now expected. Bytes still buffered arrived before the new
   * request was sent, so they are resolved now: complete heartbeats and frames are reported,
   * a trailing partial heartbeat is kept, everything else is dropped as `stale` garbage.
   */
  expect(next: Expectation | null): StreamEvent[] {
    this.expectation = null;
    const events: StreamEvent[] = [];
    try {
      if (this.buf.length > 0) this.process(events, true);
    } catch {
      this.dropAll(events, 'stale');
    }
    this.expectation = next ? { ...next, echo: next.echo?.slice() } : null;
    return events;
  }

  /** Feed received bytes. Never throws. */
  push(chunk: Uint8Array): StreamEvent[] {
    const events: StreamEvent[] = [];
    try {
      if (!(chunk instanceof Uint8Array) || chunk.length === 0) return events;
      this.counters.bytesIn += chunk.length;
      const merged = new Uint8Array(this.buf.length + chunk.length);
      merged.set(this.buf, 0);
      merged.set(chunk, this.buf.length);
      this.buf = merged;
      this.process(events, false);
      if (this.buf.length > this.maxBuffer) {
        const drop = this.buf.length - this.maxBuffer;
        this.counters.overflowBytes += drop;
        this.garbage(events, drop, 'overflow');
        this.buf = this.buf.slice(drop);
      }
    } catch {
      // defensive: an internal bug must never escape into the connection handler
      this.dropAll(events, 'unframed');
    }
    return events;
  }

  /** Forget buffered bytes and the expectation (connection reset). */
  reset(): void {
    this.buf = new Uint8Array(0);
    this.expectation = null;
  }

  private dropAll(events: StreamEvent[], reason: GarbageReason): void {
    if (this.buf.length > 0) this.garbage(events, this.buf.length, reason);
    this.buf = new Uint8Array(0);
  }

  private garbage(events: StreamEvent[], bytes: number, reason: GarbageReason): void {
    this.counters.garbageBytes += bytes;
    const last = events[events.length - 1];
    if (last?.type === 'garbage' && last.reason === reason) last.bytes += bytes;
    else events.push({ type: 'garbage', bytes, reason });
  }

  private process(events: StreamEvent[], final: boolean): void {
    const b = this.buf;
    const n = b.length;
    let i = 0;
    const skipReason: GarbageReason = final ? 'stale' : 'unframed';
    while (i < n) {
      const e = this.expectation;
      if (e) {
        const m = this.matchExpected(b, i, n, e);
        if (m.kind === 'complete') {
          this.expectation = null;
          if (m.exception) {
            const code = b[i + 2]!;
            this.counters.exceptions++;
            events.push({ type: 'exception', slave: e.slave, fn: e.fn, code, name: exceptionName(code) });
          } else {
            this.counters.frames++;
            this.counters.frameBytes += m.len;
            const adu = b.slice(i, i + m.len);
            events.push({ type: 'frame', slave: e.slave, fn: e.fn, adu, pdu: adu.subarray(1, m.len - 2) });
          }
          i += m.len;
          continue;
        }
        if (m.kind === 'partial') break;
      }
      if (this.control) {
        // Starts with 00, which no response does (slave 0 never answers): no conflict with the above.
        const c = matchControlFrame(b, i, n);
        if (c.kind === 'complete') {
          events.push({ type: 'control', channel: c.channel, payload: c.payload });
          i += c.len;
          continue;
        }
        if (c.kind === 'bad') {
          events.push({ type: 'control-malformed', bytes: c.len, reason: c.reason });
          i += c.len;
          continue;
        }
        if (c.kind === 'partial') break;
      }
      const hb = this.matchHeartbeat(b, i, n);
      if (hb === 'complete') {
        this.counters.heartbeats++;
        events.push({ type: 'heartbeat' });
        i += this.heartbeat!.length;
        continue;
      }
      if (hb === 'partial') break; // a trailing partial heartbeat is kept, even when flushing

      const other = this.otherFrameLength(b, i, n);
      if (other !== null && other > 0 && n - i >= other) {
        if (crcOk(b, i, other)) {
          this.counters.mismatches++;
          this.counters.mismatchBytes += other;
          events.push({ type: 'mismatch', slave: b[i]!, fn: b[i + 1]!, bytes: other });
          i += other;
          continue;
        }
      } else if (other !== null && !final && !this.resyncPointAfter(b, i, n)) {
        break; // could still become a complete frame
      }
      this.garbage(events, 1, skipReason);
      i++;
    }
    this.buf = i === 0 ? b : b.slice(i);
  }

  /** Does the buffer at i hold (or start) the expected response? */
  private matchExpected(b: Uint8Array, i: number, n: number, e: Expectation): Match {
    if (b[i] !== e.slave) return NO;
    const avail = n - i;
    if (avail < 2) return PARTIAL;
    const fn = b[i + 1]!;
    if (fn === e.fn) {
      if (e.fn >= 0x01 && e.fn <= 0x04) {
        if (avail >= 3 && b[i + 2] !== e.length - 5) return NO;
      } else if (e.echo) {
        for (let k = 0; k < 4 && i + 2 + k < n; k++) if (b[i + 2 + k] !== e.echo[k]) return NO;
      }
      if (avail < e.length) return PARTIAL;
      return crcOk(b, i, e.length) ? { kind: 'complete', len: e.length, exception: false } : NO;
    }
    if (fn === (e.fn | 0x80)) {
      if (avail < EXCEPTION_ADU_LENGTH) return PARTIAL;
      return crcOk(b, i, EXCEPTION_ADU_LENGTH)
        ? { kind: 'complete', len: EXCEPTION_ADU_LENGTH, exception: true }
        : NO;
    }
    return NO;
  }

  private matchHeartbeat(b: Uint8Array, i: number, n: number): 'complete' | 'partial' | 'no' {
    const hb = this.heartbeat;
    if (!hb) return 'no';
    const len = Math.min(hb.length, n - i);
    for (let k = 0; k < len; k++) if (b[i + k] !== hb[k]) return 'no';
    return len === hb.length ? 'complete' : 'partial';
  }

  /**
   * Length of a response frame that would start at i judging by its header, 0 when the header is
   * incomplete but plausible, null when the bytes cannot start a response.
   */
  private otherFrameLength(b: Uint8Array, i: number, n: number): number | null {
    const slave = b[i]!;
    if (slave < 1 || slave > 254) return null;
    if (n - i < 2) return 0;
    const fn = b[i + 1]!;
    if (fn & 0x80) return SUPPORTED_FUNCTIONS.includes(fn & 0x7f) ? EXCEPTION_ADU_LENGTH : null;
    if (fn >= 0x01 && fn <= 0x04) {
      if (n - i < 3) return 0;
      const count = b[i + 2]!;
      return count === 0 || count > 250 ? null : 5 + count;
    }
    if (fn === 0x05 || fn === 0x06 || fn === 0x0f || fn === 0x10) return 8;
    return null;
  }

  /**
   * Is there a later position with firm evidence of the expected response (its full header) or a
   * complete heartbeat? Only then is a plausible but incomplete foreign frame given up early.
   */
  private resyncPointAfter(b: Uint8Array, i: number, n: number): boolean {
    const e = this.expectation;
    for (let p = i + 1; p < n; p++) {
      if (e && b[p] === e.slave && p + 1 < n) {
        const fn = b[p + 1];
        if (fn === (e.fn | 0x80)) return true;
        if (fn === e.fn) {
          if (e.fn <= 0x04) {
            if (p + 2 < n && b[p + 2] === e.length - 5) return true;
          } else if (this.matchExpected(b, p, n, e).kind !== 'no') return true;
        }
      }
      if (this.matchHeartbeat(b, p, n) === 'complete') return true;
      if (this.control && matchControlFrame(b, p, n).kind === 'complete') return true;
    }
    return false;
  }
}
