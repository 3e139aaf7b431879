import { describe, expect, it } from 'vitest';
import {
  buildLegacyRegistrationPacket,
  buildRegistrationPacket,
  parseRegistration,
  RegistrationParser,
  type RegistrationResult,
} from './registration.js';

const IMEI = '866123456789012';
const KEY = '0123456789abcdef0123456789abcdef';
const text = (s: string) => new TextEncoder().encode(s);

describe('buildRegistrationPacket', () => {
  it('builds REG,<imei>,<key> with CRLF by default', () => {
    expect(new TextDecoder().decode(buildRegistrationPacket(IMEI, KEY))).toBe(`REG,${IMEI},${KEY}\r\n`);
    expect(new TextDecoder().decode(buildRegistrationPacket(IMEI, KEY, ''))).toBe(`REG,${IMEI},${KEY}`);
  });
  it('refuses a bad imei or key', () => {
    expect(() => buildRegistrationPacket('12345', KEY)).toThrow(RangeError);
    expect(() => buildRegistrationPacket(IMEI, KEY.toUpperCase())).toThrow(RangeError);
    expect(() => buildLegacyRegistrationPacket('1234567890123456')).toThrow(RangeError);
    expect(new TextDecoder().decode(buildLegacyRegistrationPacket(IMEI, '\n'))).toBe(`${IMEI}\n`);
  });
});

describe('RegistrationParser', () => {
  it('parses a packet and returns the bytes after it', () => {
    const r = parseRegistration(new Uint8Array([...buildRegistrationPacket(IMEI, KEY), 0xfe, 0x01]));
    expect(r).toEqual({ status: 'ok', imei: IMEI, key: KEY, legacy: false, rest: Uint8Array.of(0xfe, 0x01) });
  });
  it('accepts each terminator and none', () => {
    for (const t of ['', '\r', '\n', '\r\n'] as const) {
      const r = parseRegistration(new Uint8Array([...buildRegistrationPacket(IMEI, KEY, t), 0x01]));
      expect(r).toMatchObject({ status: 'ok', rest: Uint8Array.of(0x01) });
    }
  });
  it('waits for more bytes when split anywhere, byte by byte', () => {
    const packet = buildRegistrationPacket(IMEI, KEY, '');
    const p = new RegistrationParser();
    let r: RegistrationResult = p.current;
    for (let i = 0; i < packet.length; i++) {
      expect(r.status).toBe('waiting');
      r = p.push(packet.subarray(i, i + 1));
    }
    expect(r).toMatchObject({ status: 'ok', imei: IMEI, key: KEY });
  });
  it('imei of 6 and 20 digits', () => {
    expect(parseRegistration(text(`REG,123456,${KEY}`))).toMatchObject({ status: 'ok', imei: '123456' });
    expect(parseRegistration(text(`REG,12345678901234567890,${KEY}`))).toMatchObject({ status: 'ok' });
  });
  it('rejects malformed packets as early as possible', () => {
    const cases: [string, RegExp][] = [
      ['GET / HTTP/1.1', /not a registration/],
      ['reg,', /not a registration/],
      [`REG,12345,${KEY}`, /shorter than 6/],
      ['REG,123456789012345678901', /longer than 20/],
      [`REG,86612345678901a,${KEY}`, /digits followed by a comma/],
      [`REG,${IMEI},${KEY.toUpperCase()}`, /lowercase hex/],
      [`REG,${IMEI},${KEY}0`, /longer than 32/],
      [`REG,${IMEI};${KEY}`, /comma/],
      ['REG,,', /shorter than 6/],
    ];
    for (const [input, re] of cases) {
      const r = parseRegistration(text(input));
      expect(r.status, input).toBe('rejected');
      if (r.status === 'rejected') expect(r.reason, input).toMatch(re);
    }
    // rejected on the first wrong byte, without waiting for more
    expect(new RegistrationParser().push(text('X'))).toMatchObject({ status: 'rejected' });
  });
  it('results are sticky', () => {
    const p = new RegistrationParser();
    p.push(text('XX'));
    expect(p.push(buildRegistrationPacket(IMEI, KEY))).toMatchObject({ status: 'rejected' });
    const q = new RegistrationParser();
    q.push(buildRegistrationPacket(IMEI, KEY));
    expect(q.push(text('more'))).toMatchObject({ status: 'ok', rest: new Uint8Array() });
  });
  it('legacy bare IMEI only when enabled', () => {
    expect(parseRegistration(text(IMEI))).toMatchObject({ status: 'rejected' });
    const r = parseRegistration(text(`${IMEI}\r\n\x01\x03`), { allowLegacy: true });
    expect(r).toEqual({ status: 'ok', imei: IMEI, key: null, legacy: true, rest: Uint8Array.of(1, 3) });
    expect(parseRegistration(text('86612345'), { allowLegacy: true })).toMatchObject({ status: 'waiting' });
    expect(parseRegistration(text('8661234567890123'), { allowLegacy: true })).toMatchObject({
      status: 'rejected',
      reason: 'legacy registration must be 15 digits',
    });
    expect(parseRegistration(text('86612x'), { allowLegacy: true })).toMatchObject({ status: 'rejected' });
    // the standard format still works with legacy enabled
    expect(parseRegistration(buildRegistrationPacket(IMEI, KEY), { allowLegacy: true })).toMatchObject({
      status: 'ok',
      legacy: false,
      key: KEY,
    });
  });
  it('ignores non-byte input', () => {
    const p = new RegistrationParser();
    expect(p.push('REG' as unknown as Uint8Array)).toEqual({ status: 'waiting', buffered: 0 });
  });

  it('fuzz: random bytes never throw, never exceed the bound, never yield an invalid identity', () => {
    let seed = 2024;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 0x100000000;
    };
    const alphabet = text(`REG,0123456789abcdefABCDEF\r\n${IMEI}`);
    for (let round = 0; round < 3000; round++) {
      const p = new RegistrationParser({ allowLegacy: round % 2 === 0 });
      let total = 0;
      let r: RegistrationResult = p.current;
      // sometimes start with a valid prefix to reach deep states
      const good = buildRegistrationPacket(IMEI, KEY);
      if (rnd() < 0.5) {
        const cut = Math.floor(rnd() * good.length);
        r = p.push(good.subarray(0, cut));
        total += cut;
      }
      for (let k = 0; k < 20 && r.status === 'waiting'; k++) {
        const chunk = Uint8Array.from({ length: Math.floor(rnd() * 8) }, () =>
          rnd() < 0.7 ? alphabet[Math.floor(rnd() * alphabet.length)]! : Math.floor(rnd() * 256),
        );
        expect(() => {
          r = p.push(chunk);
        }).not.toThrow();
        total += chunk.length;
        if (r.status === 'waiting') expect(r.buffered).toBeLessThanOrEqual(64);
      }
      if (r.status === 'ok') {
        expect(r.imei).toMatch(/^[0-9]{6,20}$/);
        if (r.legacy) {
          expect(r.imei).toHaveLength(15);
          expect(r.key).toBeNull();
        } else expect(r.key).toMatch(/^[0-9a-f]{32}$/);
        expect(r.rest.length).toBeLessThanOrEqual(total);
      }
    }
  });
});
