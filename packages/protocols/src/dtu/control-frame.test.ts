import { describe, expect, it } from 'vitest';
import { encodeRequestAdu } from '../modbus/rtu.js';
import { respondToRequest, SparseSlaveMemory } from '../modbus/slave.js';
import { ModbusStreamParser, type StreamEvent } from '../modbus/stream.js';
import {
  CONTROL_MAGIC,
  CONTROL_OVERHEAD,
  encodeControlFrame,
  MAX_CONTROL_PAYLOAD,
  matchControlFrame,
} from './control-frame.js';
import { ManualScheduler } from './scheduler.js';
import { TransactionQueue } from './transaction-queue.js';

const HB = new TextEncoder().encode('PING');
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const controls = (events: StreamEvent[]) =>
  events.flatMap((e) =>
    e.type === 'control' ? [{ channel: e.channel, json: JSON.parse(text(e.payload)) }] : [],
  );

describe('control frames: codec', () => {
  it('round trip: magic, channel, big-endian length, JSON, CRC', () => {
    const ack = { cmd_id: 'g-311', ok: true, rssi: 23, ber: 0 };
    const frame = encodeControlFrame('ack', ack);
    expect([...frame.subarray(0, 5)]).toEqual([0x00, 0xfc, 0x43, 0x46, 0x02]);
    const length = JSON.stringify(ack).length;
    expect((frame[5]! << 8) | frame[6]!).toBe(length);
    expect(frame.length).toBe(length + CONTROL_OVERHEAD);
    const m = matchControlFrame(frame, 0, frame.length);
    expect(m).toMatchObject({ kind: 'complete', len: frame.length, channel: 'ack' });
    if (m.kind === 'complete') expect(JSON.parse(text(m.payload))).toEqual(ack);
  });

  it('prefixes wait, other bytes are not frames', () => {
    const frame = encodeControlFrame('down', '{"cmd_id":"g-1","gw":{"op":"csq"}}');
    for (let n = 1; n < frame.length; n++) expect(matchControlFrame(frame, 0, n).kind).toBe('partial');
    expect(matchControlFrame(Uint8Array.of(0x01, 0x03, 0x04), 0, 3).kind).toBe('no');
    expect(matchControlFrame(Uint8Array.of(0x00, 0xfc, 0x43, 0x47), 0, 4).kind).toBe('no');
  });

  it('refuses empty and oversize payloads, and a bad channel, length or CRC', () => {
    expect(() => encodeControlFrame('down', '')).toThrow(RangeError);
    expect(() => encodeControlFrame('down', 'x'.repeat(MAX_CONTROL_PAYLOAD + 1))).toThrow(RangeError);
    expect(encodeControlFrame('down', 'x'.repeat(MAX_CONTROL_PAYLOAD)).length).toBe(
      MAX_CONTROL_PAYLOAD + CONTROL_OVERHEAD,
    );
    const badChannel = concat(CONTROL_MAGIC, Uint8Array.of(0x09, 0, 2, 0x7b, 0x7d, 0, 0));
    expect(matchControlFrame(badChannel, 0, badChannel.length)).toEqual({
      kind: 'bad',
      len: 4,
      reason: 'channel',
    });
    const tooLong = concat(CONTROL_MAGIC, Uint8Array.of(0x02, 0xff, 0xff));
    expect(matchControlFrame(tooLong, 0, tooLong.length)).toEqual({ kind: 'bad', len: 4, reason: 'length' });
    const crc = encodeControlFrame('ack', { cmd_id: 'g-1', ok: true });
    crc[crc.length - 1]! ^= 0xff;
    expect(matchControlFrame(crc, 0, crc.length)).toEqual({ kind: 'bad', len: crc.length, reason: 'crc' });
  });
});

describe('control frames in the DTU stream parser', () => {
  const mem = new SparseSlaveMemory();
  for (let a = 0; a < 100; a++) mem.holding.set(a, 0xfc00 + a);
  const request = Uint8Array.of(0x01, 0x03, 0x00, 0x00, 0x00, 0x02, 0xc4, 0x0b);
  const response = respondToRequest(1, mem, request)!;
  const expectation = { slave: 1, fn: 3, length: response.length };
  const ack = encodeControlFrame('ack', { cmd_id: 'g-7', ok: true });
  const progress = encodeControlFrame('ota', { plan_id: 3, state: 'downloading', bytes: 100 });

  it('strips frames between Modbus answers and heartbeats, byte by byte as well as at once', () => {
    const stream = concat(HB, ack, response, progress, HB);
    for (const step of [stream.length, 1, 3]) {
      const parser = new ModbusStreamParser({ heartbeat: HB, controlFrames: true });
      parser.expect(expectation);
      const events: StreamEvent[] = [];
      for (let i = 0; i < stream.length; i += step) events.push(...parser.push(stream.subarray(i, i + step)));
      expect(events.map((e) => e.type)).toEqual(['heartbeat', 'control', 'frame', 'control', 'heartbeat']);
      expect(controls(events)).toEqual([
        { channel: 'ack', json: { cmd_id: 'g-7', ok: true } },
        { channel: 'ota', json: { plan_id: 3, state: 'downloading', bytes: 100 } },
      ]);
      expect(parser.buffered).toBe(0);
    }
  });

  it('the magic inside a Modbus answer is data, not a frame', () => {
    // Registers 0x00FC and 0x4346 make the answer carry the magic bytes.
    const m = new SparseSlaveMemory();
    m.holding.set(0, 0x00fc);
    m.holding.set(1, 0x4346);
    const answer = respondToRequest(1, m, request)!;
    expect(Buffer.from(answer).includes(Buffer.from(CONTROL_MAGIC))).toBe(true);
    const parser = new ModbusStreamParser({ heartbeat: HB, controlFrames: true });
    parser.expect(expectation);
    const events = parser.push(answer);
    expect(events.map((e) => e.type)).toEqual(['frame']);
  });

  it('garbage around frames is dropped and counted; a corrupt frame is one malformed event', () => {
    const corrupt = encodeControlFrame('ack', { cmd_id: 'g-8', ok: true });
    corrupt[10]! ^= 0x01;
    const parser = new ModbusStreamParser({ heartbeat: HB, controlFrames: true });
    const events = parser.push(concat(Uint8Array.of(0xff, 0xee), corrupt, ack, Uint8Array.of(0x00), HB));
    expect(events.map((e) => e.type)).toEqual([
      'garbage',
      'control-malformed',
      'control',
      'garbage',
      'heartbeat',
    ]);
    expect(events[1]).toEqual({ type: 'control-malformed', bytes: corrupt.length, reason: 'crc' });
  });

  it('an oversize declared length drops the magic and finds the next frame', () => {
    const parser = new ModbusStreamParser({ controlFrames: true });
    const events = parser.push(concat(CONTROL_MAGIC, Uint8Array.of(0x03, 0xff, 0xff), ack));
    expect(events[0]).toEqual({ type: 'control-malformed', bytes: 4, reason: 'length' });
    expect(controls(events)).toEqual([{ channel: 'ack', json: { cmd_id: 'g-7', ok: true } }]);
  });

  it('without the option the bytes stay garbage (plain DTU parsers are unchanged)', () => {
    const events = new ModbusStreamParser({ heartbeat: HB }).push(ack);
    expect(events.some((e) => e.type === 'control')).toBe(false);
  });
});

describe('control frames mixed into random traffic', () => {
  function rng(seed: number) {
    let x = seed;
    return () => {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      return x / 0x100000000;
    };
  }

  it('every answer, heartbeat and control frame is delivered exactly once, in order, however split', () => {
    const r = rng(4242);
    const hb = Uint8Array.of(0xfe, 0x01);
    const parser = new ModbusStreamParser({ heartbeat: hb, controlFrames: true });
    const memory = new SparseSlaveMemory();
    // Register values full of 00, FC, 43, 46 so answers carry the magic as data.
    const words = [0x00fc, 0x4346, 0x0000, 0xfc00, 0x4600];
    for (let a = 0; a < 200; a++) memory.holding.set(a, words[a % words.length]!);
    let heartbeats = 0;
    for (let round = 0; round < 400; round++) {
      const slave = 1 + Math.floor(r() * 10);
      const quantity = 1 + Math.floor(r() * 20);
      const address = Math.floor(r() * 100);
      const request = Uint8Array.from(encodeRequestAdu(slave, { fn: 0x03, address, quantity }));
      const answer = respondToRequest(slave, memory, request)!;
      parser.expect({ slave, fn: 3, length: answer.length });
      const parts: Uint8Array[] = [];
      const sent: string[] = [];
      const noise = () => {
        const x = r();
        if (x < 0.25) {
          heartbeats++;
          parts.push(hb);
        } else if (x < 0.55) {
          const json = JSON.stringify({ cmd_id: `g-${round}`, ok: r() < 0.5, n: Math.floor(r() * 1e6) });
          sent.push(json);
          parts.push(encodeControlFrame(r() < 0.5 ? 'ack' : 'ota', json));
        } else if (x < 0.65) {
          parts.push(Uint8Array.from({ length: 1 + Math.floor(r() * 4) }, () => (r() < 0.5 ? 0x00 : 0xff)));
        }
      };
      noise();
      noise();
      parts.push(answer);
      noise();
      noise();
      const bytes = concat(...parts);
      const events: StreamEvent[] = [];
      for (let i = 0; i < bytes.length; ) {
        const size = 1 + Math.floor(r() * 40);
        events.push(...parser.push(bytes.subarray(i, i + size)));
        i += size;
      }
      const frames = events.filter((e) => e.type === 'frame');
      expect(frames).toHaveLength(1);
      if (frames[0]?.type === 'frame') expect(frames[0].adu).toEqual(answer);
      expect(controls(events).map((c) => JSON.stringify(c.json))).toEqual(sent);
      expect(events.some((e) => e.type === 'control-malformed' || e.type === 'mismatch')).toBe(false);
    }
    parser.expect(null);
    expect(parser.counters.heartbeats).toBe(heartbeats);
  });
});

describe('TransactionQueue.sendBetween', () => {
  it('sends at once when idle, and only after the answer while a request is in flight', async () => {
    const scheduler = new ManualScheduler(0);
    const sent: string[] = [];
    const q = new TransactionQueue({
      send: (b) => sent.push(b[0] === 0 ? 'control' : 'request'),
      scheduler,
      controlFrames: true,
    });
    await q.sendBetween(encodeControlFrame('down', '{"a":1}'));
    expect(sent).toEqual(['control']);
    const reply = q.enqueue({ slave: 1, fn: 3, address: 0, quantity: 2 });
    q.enqueue({ slave: 1, fn: 3, address: 10, quantity: 2 }).catch(() => undefined);
    const between = q.sendBetween(encodeControlFrame('down', '{"a":2}'));
    expect(sent).toEqual(['control', 'request']);
    const mem = new SparseSlaveMemory();
    q.receive(respondToRequest(1, mem, Uint8Array.of(0x01, 0x03, 0x00, 0x00, 0x00, 0x02, 0xc4, 0x0b))!);
    await reply;
    await between;
    expect(sent).toEqual(['control', 'request', 'control', 'request']);
    // After a timeout too, before the next request.
    const late = q.sendBetween(encodeControlFrame('down', '{"a":3}'));
    scheduler.advance(q.timeoutMs);
    await late;
    expect(sent.slice(4)).toEqual(['control']);
    q.close();
    await expect(q.sendBetween(encodeControlFrame('down', '{"a":4}'))).rejects.toThrow('connection closed');
  });
});
