import { describe, expect, it } from 'vitest';
import { verifyCrc } from './crc.js';
import { encodeException, encodeRequest, encodeResponse, type ModbusRequest } from './pdu.js';
import { type Expectation, encodeAdu, expectationFor } from './rtu.js';
import { ModbusStreamParser, type StreamEvent } from './stream.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const cat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

const readReq = (quantity: number, address = 0): ModbusRequest => ({ fn: 0x03, address, quantity });
const respAdu = (slave: number, req: ModbusRequest, seed = 1) => {
  const r = rng(seed);
  let data: boolean[] | number[] | undefined;
  if (req.fn === 0x01 || req.fn === 0x02) data = Array.from({ length: req.quantity }, () => r() < 0.5);
  if (req.fn === 0x03 || req.fn === 0x04)
    data = Array.from({ length: req.quantity }, () => Math.floor(r() * 65536));
  return encodeAdu(slave, encodeResponse(req, data));
};

function feed(p: ModbusStreamParser, bytes: Uint8Array, sizes: number[] | 'bytewise'): StreamEvent[] {
  const out: StreamEvent[] = [];
  let i = 0;
  let k = 0;
  while (i < bytes.length) {
    const size = sizes === 'bytewise' ? 1 : sizes[k++ % sizes.length]!;
    out.push(...p.push(bytes.subarray(i, i + size)));
    i += size;
  }
  return out;
}

function consistent(p: ModbusStreamParser, hbLen: number) {
  const c = p.counters;
  expect(c.bytesIn).toBe(
    c.frameBytes + c.exceptions * 5 + c.heartbeats * hbLen + c.mismatchBytes + c.garbageBytes + p.buffered,
  );
}

describe('ModbusStreamParser: the expected response', () => {
  it('delivers a whole frame and clears the expectation', () => {
    const p = new ModbusStreamParser();
    const req = readReq(10);
    p.expect(expectationFor(1, req));
    const adu = respAdu(1, req);
    const ev = p.push(adu);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ type: 'frame', slave: 1, fn: 3 });
    if (ev[0]?.type === 'frame') {
      expect(ev[0].adu).toEqual(adu);
      expect(ev[0].pdu[1]).toBe(20);
    }
    expect(p.expecting).toBeNull();
    // the same bytes again are now a mismatch, never a second frame
    expect(p.push(adu)).toEqual([{ type: 'mismatch', slave: 1, fn: 3, bytes: 25 }]);
    consistent(p, 0);
  });

  it('reassembles a frame split byte by byte', () => {
    const p = new ModbusStreamParser();
    const req = readReq(3);
    p.expect(expectationFor(9, req));
    const ev = feed(p, respAdu(9, req), 'bytewise');
    expect(ev.map((e) => e.type)).toEqual(['frame']);
    expect(p.buffered).toBe(0);
  });

  it('reports an exception response (5 bytes) for the expectation', () => {
    const p = new ModbusStreamParser();
    p.expect(expectationFor(1, readReq(2)));
    const ev = feed(p, encodeAdu(1, encodeException(0x03, 0x02)), [2, 3]);
    expect(ev).toEqual([{ type: 'exception', slave: 1, fn: 3, code: 2, name: 'illegal data address' }]);
    expect(p.counters.exceptions).toBe(1);
    expect(p.expecting).toBeNull();
  });

  it('checks write echoes: a response to another write is a mismatch', () => {
    const p = new ModbusStreamParser();
    const w = { fn: 0x06, address: 5, value: 100 } as const;
    p.expect(expectationFor(1, w));
    const other = encodeAdu(1, encodeResponse({ fn: 0x06, address: 5, value: 101 }));
    expect(p.push(other)).toEqual([{ type: 'mismatch', slave: 1, fn: 6, bytes: 8 }]);
    expect(p.push(encodeAdu(1, encodeResponse(w)))).toMatchObject([{ type: 'frame', fn: 6 }]);
  });

  it('a response of the same slave/function but another quantity is a mismatch', () => {
    const p = new ModbusStreamParser();
    p.expect(expectationFor(1, readReq(4)));
    expect(p.push(respAdu(1, readReq(2)))).toEqual([{ type: 'mismatch', slave: 1, fn: 3, bytes: 9 }]);
    expect(p.push(respAdu(1, readReq(4))).map((e) => e.type)).toEqual(['frame']);
  });

  it('drops a frame with a bad CRC as garbage and still finds the next good one', () => {
    const p = new ModbusStreamParser();
    const req = readReq(2);
    p.expect(expectationFor(1, req));
    const bad = respAdu(1, req);
    bad[4]! ^= 0x55;
    const ev = p.push(cat(bad, respAdu(1, req, 2)));
    expect(ev.filter((e) => e.type === 'frame')).toHaveLength(1);
    expect(p.counters.garbageBytes).toBe(bad.length);
    consistent(p, 0);
  });

  it('another slave answering is a mismatch, then ours is delivered', () => {
    const p = new ModbusStreamParser();
    const req = readReq(2);
    p.expect(expectationFor(1, req));
    const ev = p.push(cat(respAdu(2, req), respAdu(1, req)));
    expect(ev.map((e) => e.type)).toEqual(['mismatch', 'frame']);
    expect(ev[1]).toMatchObject({ slave: 1 });
  });

  it('does not stall behind a garbage header that claims a long frame', () => {
    const p = new ModbusStreamParser();
    const req = readReq(1);
    p.expect(expectationFor(1, req));
    // 05 03 F0 looks like the start of a 245-byte response that never comes
    const ev = [...p.push(hex('0503f0')), ...feed(p, respAdu(1, req), [1, 2, 4])];
    expect(ev.filter((e) => e.type === 'frame')).toHaveLength(1);
    expect(p.counters.garbageBytes).toBe(3);
  });
});

describe('ModbusStreamParser: heartbeats', () => {
  const hb = hex('fe01');
  it('strips heartbeats before, between and after frames, split anywhere', () => {
    const req = readReq(4);
    const stream = cat(hb, hb, respAdu(3, req), hb);
    for (const sizes of [[1], [2], [3], [5, 1], [7], [100]]) {
      const p = new ModbusStreamParser({ heartbeat: hb });
      p.expect(expectationFor(3, req));
      const ev = feed(p, stream, sizes);
      expect(ev.map((e) => e.type)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat']);
      consistent(p, 2);
    }
  });
  it('recognises text heartbeats with no request in flight', () => {
    const text = new TextEncoder().encode('PING');
    const p = new ModbusStreamParser({ heartbeat: text });
    const ev = feed(p, new TextEncoder().encode('PINGPINGPI'), [3]);
    expect(ev.filter((e) => e.type === 'heartbeat')).toHaveLength(2);
    expect(p.buffered).toBe(2); // 'PI' may be the start of the next heartbeat
    expect(p.push(new TextEncoder().encode('NG'))).toEqual([{ type: 'heartbeat' }]);
  });
  it('a heartbeat that looks like a frame header is still resolved', () => {
    // heartbeat 01 03 equals the header of the expected response
    const h = hex('0103');
    const req = readReq(1);
    const p = new ModbusStreamParser({ heartbeat: h });
    p.expect(expectationFor(1, req));
    const ev = feed(p, cat(h, respAdu(1, req), h), [1]);
    expect(ev.map((e) => e.type)).toEqual(['heartbeat', 'frame', 'heartbeat']);
  });
  it('keeps a trailing partial heartbeat across a new expectation', () => {
    const p = new ModbusStreamParser({ heartbeat: hb });
    expect(p.push(hex('fe'))).toEqual([]);
    expect(p.expect(expectationFor(1, readReq(1)))).toEqual([]);
    expect(p.push(hex('01'))).toEqual([{ type: 'heartbeat' }]);
  });
});

describe('ModbusStreamParser: stale bytes and garbage', () => {
  it('new expectation flushes stale bytes; complete frames in them are mismatches', () => {
    const p = new ModbusStreamParser();
    const req = readReq(2);
    p.expect(expectationFor(1, req));
    const late = respAdu(1, req);
    // only the first half arrives before the timeout
    expect(p.push(late.subarray(0, 5))).toEqual([]);
    const flushed = p.expect(expectationFor(1, req));
    expect(flushed).toEqual([{ type: 'garbage', bytes: 5, reason: 'stale' }]);
    // the rest of the late response cannot be taken for the new one
    const ev = p.push(late.subarray(5));
    expect(ev.some((e) => e.type === 'frame')).toBe(false);
    const next = respAdu(1, req, 9);
    const ev2 = p.push(next);
    const frames = ev2.filter((e) => e.type === 'frame');
    expect(frames).toHaveLength(1);
    if (frames[0]?.type === 'frame') expect(frames[0].adu).toEqual(next);
    consistent(p, 0);
  });
  it('counts leading garbage and merges it into one event', () => {
    const p = new ModbusStreamParser();
    const req = readReq(1);
    p.expect(expectationFor(7, req));
    const ev = p.push(cat(hex('00ff00ff00'), respAdu(7, req)));
    expect(ev).toEqual([
      { type: 'garbage', bytes: 5, reason: 'unframed' },
      expect.objectContaining({ type: 'frame', slave: 7 }),
    ]);
  });
  it('ignores empty and non-byte input', () => {
    const p = new ModbusStreamParser();
    expect(p.push(new Uint8Array())).toEqual([]);
    expect(p.push('abc' as unknown as Uint8Array)).toEqual([]);
    expect(p.counters.bytesIn).toBe(0);
  });
  it('reset forgets buffered bytes and the expectation', () => {
    const p = new ModbusStreamParser();
    p.expect(expectationFor(1, readReq(1)));
    p.push(hex('0103'));
    expect(p.buffered).toBe(2);
    p.reset();
    expect(p.buffered).toBe(0);
    expect(p.expecting).toBeNull();
  });
  it('the buffer limit is never exceeded', () => {
    const r = rng(5);
    const p = new ModbusStreamParser({ maxBuffer: 10, heartbeat: new Uint8Array(300).fill(0x41) });
    for (let k = 0; k < 2000; k++) {
      const chunk = Uint8Array.from({ length: Math.floor(r() * 400) }, () =>
        r() < 0.9 ? 0x41 : Math.floor(r() * 256),
      );
      p.push(chunk);
      expect(p.buffered).toBeLessThanOrEqual(256 + 300);
    }
    consistent(p, 300);
  });
});

describe('ModbusStreamParser: fuzz', () => {
  it('random bytes in random chunks with random expectations: never throws, counters add up, frames always match', () => {
    const r = rng(12345);
    const hb = hex('fe01');
    for (let round = 0; round < 200; round++) {
      const p = new ModbusStreamParser({ heartbeat: round % 2 ? hb : null });
      let current: Expectation | null = null;
      for (let k = 0; k < 50; k++) {
        if (r() < 0.2) {
          const slave = 1 + Math.floor(r() * 3);
          const fn = [1, 2, 3, 4, 5, 6, 15, 16][Math.floor(r() * 8)]!;
          const req: ModbusRequest =
            fn <= 4
              ? { fn: fn as 1 | 2 | 3 | 4, address: 0, quantity: 1 + Math.floor(r() * 4) }
              : fn === 5
                ? { fn: 5, address: 0, value: true }
                : fn === 6
                  ? { fn: 6, address: 0, value: 1 }
                  : fn === 15
                    ? { fn: 15, address: 0, values: [true] }
                    : { fn: 16, address: 0, values: [1] };
          current = expectationFor(slave, req);
          p.expect(current);
        }
        const chunk = Uint8Array.from({ length: Math.floor(r() * 40) }, () =>
          // bias toward plausible headers so the interesting paths run
          r() < 0.3 ? [1, 2, 3, 0x83, 0xfe][Math.floor(r() * 5)]! : Math.floor(r() * 256),
        );
        let events: StreamEvent[] = [];
        expect(() => {
          events = p.push(chunk);
        }).not.toThrow();
        for (const ev of events) {
          if (ev.type === 'frame') {
            expect(current).not.toBeNull();
            expect(ev.slave).toBe(current!.slave);
            expect(ev.fn).toBe(current!.fn);
            expect(ev.adu[0]).toBe(current!.slave);
            expect(ev.adu[1]).toBe(current!.fn);
            expect(ev.adu.length).toBe(current!.length);
            expect(verifyCrc(ev.adu)).toBe(true);
            current = null;
          } else if (ev.type === 'exception') {
            expect(current).not.toBeNull();
            expect(ev.slave).toBe(current!.slave);
            current = null;
          }
        }
        consistent(p, round % 2 ? 2 : 0);
      }
    }
  });

  it('structured traffic with heartbeats, foreign frames and inert garbage: every response delivered exactly once', () => {
    const r = rng(777);
    const hb = hex('fe01');
    const p = new ModbusStreamParser({ heartbeat: hb });
    let sentHeartbeats = 0;
    let foreign = 0;
    for (let t = 0; t < 1000; t++) {
      const slave = 1 + Math.floor(r() * 10);
      const kind = Math.floor(r() * 4);
      const req: ModbusRequest =
        kind === 0
          ? readReq(1 + Math.floor(r() * 125), Math.floor(r() * 1000))
          : kind === 1
            ? { fn: 0x01, address: 0, quantity: 1 + Math.floor(r() * 2000) }
            : kind === 2
              ? { fn: 0x10, address: Math.floor(r() * 100), values: [Math.floor(r() * 65536)] }
              : { fn: 0x05, address: Math.floor(r() * 100), value: r() < 0.5 };
      const flushed = p.expect(expectationFor(slave, req));
      expect(flushed.filter((e) => e.type === 'frame')).toHaveLength(0);
      const parts: Uint8Array[] = [];
      const noise = () => {
        const x = r();
        if (x < 0.3) {
          sentHeartbeats++;
          parts.push(hb);
        } else if (x < 0.45) {
          foreign++;
          parts.push(respAdu(slave === 200 ? 201 : 200, readReq(2), t)); // another slave
        } else if (x < 0.6) {
          parts.push(Uint8Array.from({ length: 1 + Math.floor(r() * 5) }, () => (r() < 0.5 ? 0x00 : 0xff)));
        }
      };
      noise();
      noise();
      const exception = r() < 0.1;
      const answer = exception ? encodeAdu(slave, encodeException(req.fn, 4)) : respAdu(slave, req, t);
      parts.push(answer);
      noise();
      const bytes = cat(...parts);
      const sizes = Array.from({ length: 5 }, () => 1 + Math.floor(r() * 30));
      const hb0 = p.counters.heartbeats;
      const ev = feed(p, bytes, sizes);
      expect(p.counters.heartbeats - hb0).toBe(parts.filter((x) => x === hb).length);
      const hits = ev.filter((e) => e.type === 'frame' || e.type === 'exception');
      expect(hits).toHaveLength(1);
      expect(hits[0]!.type).toBe(exception ? 'exception' : 'frame');
      if (hits[0]!.type === 'frame') expect(hits[0]!.adu).toEqual(answer);
    }
    p.expect(null);
    expect(p.counters.heartbeats).toBe(sentHeartbeats);
    expect(p.counters.mismatches).toBe(foreign);
    consistent(p, 2);
  });
});

describe('encodeRequest sanity for the stream tests', () => {
  it('requests are not mistaken for responses of another function', () => {
    expect(encodeRequest(readReq(1))[0]).toBe(3);
  });
});
