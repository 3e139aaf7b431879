import { describe, expect, it } from 'vitest';
import {
  ackSchema,
  parseAck,
  parseCommand,
  parsePayload,
  parseTelemetry,
  telemetrySchema,
} from './payloads.js';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

describe('parseTelemetry', () => {
  it('accepts values with optional ts and slave', () => {
    expect(parseTelemetry(bytes({ values: { temp: 21.5, door: true, mode: 'auto', x: null } }))).toEqual({
      ok: true,
      value: { values: { temp: 21.5, door: true, mode: 'auto', x: null } },
    });
    const ts = Date.UTC(2026, 0, 1);
    expect(parseTelemetry(JSON.stringify({ ts, values: { a: 1 }, slave: 3 }))).toEqual({
      ok: true,
      value: { ts, values: { a: 1 }, slave: 3 },
    });
    expect(parseTelemetry(bytes({ values: { 温度: 1 } })).ok).toBe(true);
  });
  it('refuses bad JSON, bad UTF-8, wrong shapes and limits with a reason', () => {
    const cases: [Uint8Array | string, RegExp][] = [
      ['{', /not valid JSON/],
      [Uint8Array.of(0x7b, 0xff, 0x7d), /UTF-8/],
      [bytes([1, 2]), /./],
      [bytes({}), /values/],
      [bytes({ values: { a: 1 }, extra: 1 }), /./],
      [bytes({ values: { a: { nested: 1 } } }), /values\.a/],
      [bytes({ values: { a: 1 }, slave: 0 }), /slave/],
      [bytes({ values: { a: 1 }, slave: 255 }), /slave/],
      [bytes({ values: { a: 1 }, ts: 1.5 }), /ts/],
      [bytes({ values: { a: 1 }, ts: 5 }), /ts/],
      [bytes({ values: { ['n'.repeat(65)]: 1 } }), /values/],
      [bytes({ values: { a: 'x'.repeat(1025) } }), /values\.a/],
      [
        bytes({ values: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`p${i}`, i])) }),
        /at most 500/,
      ],
      ['{"values":{"__proto__":1}}', /reserved/],
      ['{"values":{"a":1e999}}', /values\.a/],
      ['x'.repeat(70_000), /larger than/],
      [new Uint8Array(70_000), /larger than/],
    ];
    for (const [input, re] of cases) {
      const r = parseTelemetry(input);
      expect(r.ok, String(input).slice(0, 40)).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(re);
    }
    expect(parseTelemetry(42 as unknown as string)).toEqual({
      ok: false,
      reason: 'payload must be bytes or a string',
    });
  });
  it('exactly 500 values is fine', () => {
    const values = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, i]));
    expect(parseTelemetry(bytes({ values })).ok).toBe(true);
  });
  it('never throws on random bytes', () => {
    let seed = 5;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 0x100000000;
    };
    const alphabet = '{}[]":,0123456789.eE-truefalsnlvaus ';
    for (let i = 0; i < 3000; i++) {
      const s = Array.from(
        { length: Math.floor(rnd() * 40) },
        () => alphabet[Math.floor(rnd() * alphabet.length)],
      ).join('');
      expect(() => parseTelemetry(s)).not.toThrow();
      const b = Uint8Array.from({ length: Math.floor(rnd() * 40) }, () => Math.floor(rnd() * 256));
      expect(() => parseTelemetry(b)).not.toThrow();
    }
  });
});

describe('commands and acks', () => {
  it('parses a command', () => {
    expect(parseCommand(bytes({ cmd_id: 'c-1', writes: { setpoint: 21, run: true } }))).toEqual({
      ok: true,
      value: { cmd_id: 'c-1', writes: { setpoint: 21, run: true } },
    });
    expect(parseCommand(bytes({ cmd_id: 'c 1', writes: { a: 1 } })).ok).toBe(false);
    expect(parseCommand(bytes({ cmd_id: 'c1', writes: {} })).ok).toBe(false);
    expect(parseCommand(bytes({ cmd_id: 'c1', writes: { a: null } })).ok).toBe(false);
  });
  it('names the slave of a gateway command, 1-254 only', () => {
    expect(parseCommand(bytes({ cmd_id: 'c-2', writes: { setpoint3: 60 }, slave: 2 }))).toEqual({
      ok: true,
      value: { cmd_id: 'c-2', writes: { setpoint3: 60 }, slave: 2 },
    });
    expect(parseCommand(bytes({ cmd_id: 'c-2', writes: { a: 1 }, slave: 0 })).ok).toBe(false);
    expect(parseCommand(bytes({ cmd_id: 'c-2', writes: { a: 1 }, slave: 255 })).ok).toBe(false);
  });
  it('parses an ack', () => {
    expect(parseAck(bytes({ cmd_id: 'c1', ok: false, error: 'illegal data address' }))).toEqual({
      ok: true,
      value: { cmd_id: 'c1', ok: false, error: 'illegal data address' },
    });
    expect(parseAck(bytes({ cmd_id: 'c1' })).ok).toBe(false);
    expect(parsePayload(ackSchema, bytes({ cmd_id: 'c1', ok: 'yes' })).ok).toBe(false);
  });
  it('accepts an optional csq of 0-31 or 99 and refuses anything else', () => {
    for (const csq of [0, 17, 31, 99]) {
      expect(parseTelemetry(bytes({ values: {}, csq })), String(csq)).toEqual({
        ok: true,
        value: { values: {}, csq },
      });
    }
    for (const csq of [-1, 32, 98, 100, 12.5, '20', null]) {
      const result = parseTelemetry(bytes({ values: {}, csq }));
      expect(result.ok, String(csq)).toBe(false);
    }
    expect(parseTelemetry(bytes({ values: {}, csq: 40 }))).toEqual({
      ok: false,
      reason: 'csq: csq must be 0-31 or 99',
    });
  });
  it('schemas are usable directly', () => {
    expect(telemetrySchema.safeParse({ values: {} }).success).toBe(true);
  });
});
