import { describe, expect, it } from 'vitest';
import { appendCrc, crc16, verifyCrc } from './crc.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));

describe('crc16 (CRC-16/MODBUS)', () => {
  it('matches the catalogue check value for "123456789"', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x4b37);
  });
  it('is 0xFFFF for no bytes', () => {
    expect(crc16(new Uint8Array())).toBe(0xffff);
  });
  it('matches known Modbus request vectors', () => {
    // 01 03 00 00 00 01 -> CRC bytes 84 0A
    expect(Buffer.from(appendCrc(hex('010300000001'))).toString('hex')).toBe('010300000001840a');
    // read holding registers, 10 from 0: 01 03 00 00 00 0A C5 CD
    expect(Buffer.from(appendCrc(hex('01030000000a'))).toString('hex')).toBe('01030000000ac5cd');
    // Modbus spec example: 11 03 00 6B 00 03 -> 76 87
    expect(Buffer.from(appendCrc(hex('1103006b0003'))).toString('hex')).toBe('1103006b00037687');
  });
  it('computes over a sub-range', () => {
    const b = hex('ff010300000001ff');
    expect(crc16(b, 1, 7)).toBe(crc16(hex('010300000001')));
  });
  it('bit-by-bit reference agrees with the table on random data', () => {
    const ref = (b: Uint8Array) => {
      let crc = 0xffff;
      for (const x of b) {
        crc ^= x;
        for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
      }
      return crc;
    };
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 16;
    };
    for (let n = 0; n < 200; n++) {
      const b = Uint8Array.from({ length: rnd() % 64 }, () => rnd() & 0xff);
      expect(crc16(b)).toBe(ref(b));
    }
  });
});

describe('verifyCrc', () => {
  it('accepts a frame with its CRC and rejects a corrupted one', () => {
    const frame = hex('01030000000ac5cd');
    expect(verifyCrc(frame)).toBe(true);
    const bad = frame.slice();
    bad[3]! ^= 0x01;
    expect(verifyCrc(bad)).toBe(false);
    const swapped = hex('01030000000acdc5');
    expect(verifyCrc(swapped)).toBe(false);
  });
  it('verifies a sub-range and refuses too-short or out-of-range ranges', () => {
    const b = hex('aa01030000000ac5cdbb');
    expect(verifyCrc(b, 1, 9)).toBe(true);
    expect(verifyCrc(hex('ffff'))).toBe(false);
    expect(verifyCrc(b, 0, 99)).toBe(false);
    expect(verifyCrc(b, -1, 5)).toBe(false);
  });
  it('round-trips appendCrc', () => {
    const body = hex('0710000100020400010002');
    expect(verifyCrc(appendCrc(body))).toBe(true);
  });
});
