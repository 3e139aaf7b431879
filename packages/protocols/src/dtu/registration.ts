/**
 * DTU registration packet (our format, see README "DTU registration"):
 *
 *   REG,<imei>,<key>[\r][\n]
 *
 * ASCII; imei 6-20 digits; key 32 lowercase hex characters; an optional CR, LF or CRLF terminator.
 * Bytes after the packet (the first heartbeat or Modbus bytes) are handed back as `rest`.
 *
 * Legacy mode (only for devices explicitly marked legacy, and only when the caller enables it):
 * the bare 15-digit IMEI with the same optional terminator, no key. The parser reports
 * `legacy: true`; the caller must then check that this IMEI belongs to a device marked legacy.
 *
 * The parser is incremental and bounded: it answers `waiting` until the packet is complete,
 * `rejected` as soon as the bytes cannot be a valid packet or more than `maxBytes` arrived.
 * It never throws. Results are sticky: once ok or rejected, further pushes return the same result.
 *
 * The terminator is consumed only if it arrives with (or before) the last key character's chunk;
 * devices should send the packet and its terminator in one write.
 */
import { IMEI_MAX_LENGTH, IMEI_MIN_LENGTH, isValidImei, isValidKey, KEY_LENGTH } from '../identity.js';

export const REGISTRATION_PREFIX = 'REG,';
export const LEGACY_IMEI_LENGTH = 15;
/** Longest packet: REG, + 20 + , + 32 + CRLF = 59. */
export const MAX_REGISTRATION_LENGTH = REGISTRATION_PREFIX.length + IMEI_MAX_LENGTH + 1 + KEY_LENGTH + 2;

export type RegistrationResult =
  | { status: 'ok'; imei: string; key: string | null; legacy: boolean; rest: Uint8Array }
  | { status: 'waiting'; buffered: number }
  | { status: 'rejected'; reason: string };

export interface RegistrationParserOptions {
  /** Accept the bare 15-digit IMEI form. Default false. */
  allowLegacy?: boolean;
  /** Give up after this many bytes without a complete packet. Default 64. */
  maxBytes?: number;
}

const CR = 0x0d;
const LF = 0x0a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLowerHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66);

type Scan =
  | { kind: 'complete'; imei: string; key: string | null; legacy: boolean; end: number }
  | { kind: 'partial' }
  | { kind: 'invalid'; reason: string };

/** Length of an optional CR / LF / CRLF at i. */
function terminatorLength(b: Uint8Array, i: number): number {
  if (b[i] === CR) return b[i + 1] === LF ? 2 : 1;
  if (b[i] === LF) return 1;
  return 0;
}

function ascii(b: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...b.subarray(start, end));
}

function scanStandard(b: Uint8Array): Scan {
  const prefix = REGISTRATION_PREFIX;
  for (let i = 0; i < prefix.length; i++) {
    if (i >= b.length) return { kind: 'partial' };
    if (b[i] !== prefix.charCodeAt(i)) return { kind: 'invalid', reason: 'not a registration packet' };
  }
  let i = prefix.length;
  const imeiStart = i;
  while (i < b.length && isDigit(b[i]!)) {
    i++;
    if (i - imeiStart > IMEI_MAX_LENGTH) return { kind: 'invalid', reason: 'imei longer than 20 digits' };
  }
  if (i >= b.length) return { kind: 'partial' };
  if (b[i] !== 0x2c) return { kind: 'invalid', reason: 'imei must be digits followed by a comma' };
  if (i - imeiStart < IMEI_MIN_LENGTH) return { kind: 'invalid', reason: 'imei shorter than 6 digits' };
  const imei = ascii(b, imeiStart, i);
  i++;
  const keyStart = i;
  while (i < b.length && i - keyStart < KEY_LENGTH) {
    if (!isLowerHex(b[i]!)) return { kind: 'invalid', reason: 'key must be 32 lowercase hex characters' };
    i++;
  }
  if (i - keyStart < KEY_LENGTH) return { kind: 'partial' };
  const key = ascii(b, keyStart, i);
  if (i < b.length && isLowerHex(b[i]!)) return { kind: 'invalid', reason: 'key longer than 32 characters' };
  if (!isValidImei(imei) || !isValidKey(key)) return { kind: 'invalid', reason: 'malformed packet' };
  return { kind: 'complete', imei, key, legacy: false, end: i + terminatorLength(b, i) };
}

function scanLegacy(b: Uint8Array): Scan {
  let i = 0;
  while (i < b.length && i < LEGACY_IMEI_LENGTH) {
    if (!isDigit(b[i]!)) return { kind: 'invalid', reason: 'legacy registration must be 15 digits' };
    i++;
  }
  if (i < LEGACY_IMEI_LENGTH) return { kind: 'partial' };
  if (i < b.length && isDigit(b[i]!))
    return { kind: 'invalid', reason: 'legacy registration must be 15 digits' };
  return { kind: 'complete', imei: ascii(b, 0, i), key: null, legacy: true, end: i + terminatorLength(b, i) };
}

export class RegistrationParser {
  private buf: Uint8Array = new Uint8Array(0);
  private result: RegistrationResult = { status: 'waiting', buffered: 0 };
  private readonly allowLegacy: boolean;
  private readonly maxBytes: number;

  constructor(options: RegistrationParserOptions = {}) {
    this.allowLegacy = options.allowLegacy ?? false;
    const max = options.maxBytes ?? 64;
    this.maxBytes = Number.isFinite(max) ? Math.max(MAX_REGISTRATION_LENGTH, Math.floor(max)) : 64;
  }

  get current(): RegistrationResult {
    return this.result;
  }

  push(chunk: Uint8Array): RegistrationResult {
    if (this.result.status !== 'waiting') return this.result;
    try {
      if (!(chunk instanceof Uint8Array)) return this.result;
      const merged = new Uint8Array(this.buf.length + chunk.length);
      merged.set(this.buf, 0);
      merged.set(chunk, this.buf.length);
      this.buf = merged;
      this.result = this.evaluate();
    } catch {
      this.result = { status: 'rejected', reason: 'internal error' };
    }
    if (this.result.status !== 'waiting') this.buf = new Uint8Array(0);
    return this.result;
  }

  private evaluate(): RegistrationResult {
    const b = this.buf;
    const standard = scanStandard(b);
    const legacy: Scan = this.allowLegacy
      ? scanLegacy(b)
      : { kind: 'invalid', reason: 'legacy registration not enabled' };
    for (const s of [standard, legacy]) {
      if (s.kind === 'complete') {
        return { status: 'ok', imei: s.imei, key: s.key, legacy: s.legacy, rest: b.slice(s.end) };
      }
    }
    if (standard.kind === 'partial' || legacy.kind === 'partial') {
      if (b.length > this.maxBytes)
        return { status: 'rejected', reason: `no registration within ${this.maxBytes} bytes` };
      return { status: 'waiting', buffered: b.length };
    }
    const reason = standard.kind === 'invalid' ? standard.reason : 'not a registration packet';
    if (this.allowLegacy && b.length > 0 && isDigit(b[0]!) && legacy.kind === 'invalid')
      return { status: 'rejected', reason: legacy.reason };
    return { status: 'rejected', reason };
  }
}

/** One-shot parse of a complete buffer ('waiting' means the packet is incomplete). */
export function parseRegistration(
  bytes: Uint8Array,
  options: RegistrationParserOptions = {},
): RegistrationResult {
  return new RegistrationParser(options).push(bytes);
}

/** The packet a gateway sends, with CRLF by default. Throws RangeError on a bad imei or key. */
export function buildRegistrationPacket(
  imei: string,
  key: string,
  terminator: '' | '\r\n' | '\n' | '\r' = '\r\n',
): Uint8Array {
  if (!isValidImei(imei)) throw new RangeError('imei must be 6-20 digits');
  if (!isValidKey(key)) throw new RangeError('key must be 32 lowercase hex characters');
  return new TextEncoder().encode(`${REGISTRATION_PREFIX}${imei},${key}${terminator}`);
}

/** The bare-IMEI packet of a legacy gateway. Throws RangeError unless imei is 15 digits. */
export function buildLegacyRegistrationPacket(
  imei: string,
  terminator: '' | '\r\n' | '\n' | '\r' = '',
): Uint8Array {
  if (!/^[0-9]{15}$/.test(imei)) throw new RangeError('legacy imei must be 15 digits');
  return new TextEncoder().encode(`${imei}${terminator}`);
}
