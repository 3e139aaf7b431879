/**
 * Modbus PDUs (function code + data) for the functions the platform uses:
 * reads 01/02/03/04, writes 05/06/0F/10, and exception responses (function | 0x80, code).
 *
 * Master side: `encodeRequest` (validates and throws `ModbusRequestError` on bad input) and
 * `parseResponse` (never throws; checks the response against its request).
 * Slave side (simulator, tests): `parseRequest`, `encodeResponse`, `encodeException`.
 */

export const FunctionCode = {
  READ_COILS: 0x01,
  READ_DISCRETE_INPUTS: 0x02,
  READ_HOLDING_REGISTERS: 0x03,
  READ_INPUT_REGISTERS: 0x04,
  WRITE_SINGLE_COIL: 0x05,
  WRITE_SINGLE_REGISTER: 0x06,
  WRITE_MULTIPLE_COILS: 0x0f,
  WRITE_MULTIPLE_REGISTERS: 0x10,
} as const;
export type FunctionCode = (typeof FunctionCode)[keyof typeof FunctionCode];

export type ReadBitsFunction = 0x01 | 0x02;
export type ReadRegistersFunction = 0x03 | 0x04;
export type WriteFunction = 0x05 | 0x06 | 0x0f | 0x10;

export const SUPPORTED_FUNCTIONS: readonly number[] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0f, 0x10];

export const ExceptionCode = {
  ILLEGAL_FUNCTION: 0x01,
  ILLEGAL_DATA_ADDRESS: 0x02,
  ILLEGAL_DATA_VALUE: 0x03,
  SLAVE_DEVICE_FAILURE: 0x04,
  ACKNOWLEDGE: 0x05,
  SLAVE_DEVICE_BUSY: 0x06,
  NEGATIVE_ACKNOWLEDGE: 0x07,
  MEMORY_PARITY_ERROR: 0x08,
  GATEWAY_PATH_UNAVAILABLE: 0x0a,
  GATEWAY_TARGET_FAILED_TO_RESPOND: 0x0b,
} as const;

const EXCEPTION_NAMES: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'slave device failure',
  5: 'acknowledge',
  6: 'slave device busy',
  7: 'negative acknowledge',
  8: 'memory parity error',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

/** Human name of an exception code ('unknown exception 0xNN' for codes outside the spec). */
export function exceptionName(code: number): string {
  return EXCEPTION_NAMES[code] ?? `unknown exception 0x${(code & 0xff).toString(16).padStart(2, '0')}`;
}

/** Limits of the Modbus application protocol spec (V1.1b3). */
export const LIMITS = {
  maxReadRegisters: 125,
  maxReadBits: 2000,
  maxWriteRegisters: 123,
  maxWriteBits: 1968,
  maxAddress: 0xffff,
} as const;

export type ModbusRequest =
  | { fn: ReadBitsFunction | ReadRegistersFunction; address: number; quantity: number }
  | { fn: 0x05; address: number; value: boolean }
  | { fn: 0x06; address: number; value: number }
  | { fn: 0x0f; address: number; values: readonly boolean[] }
  | { fn: 0x10; address: number; values: readonly number[] };

export type ModbusResponse =
  | { fn: ReadBitsFunction; bits: boolean[] }
  | { fn: ReadRegistersFunction; registers: number[] }
  | { fn: 0x05; address: number; value: boolean }
  | { fn: 0x06; address: number; value: number }
  | { fn: 0x0f | 0x10; address: number; quantity: number };

export interface ModbusException {
  fn: number;
  code: number;
  name: string;
}

export type ParsedResponse =
  | { kind: 'response'; response: ModbusResponse }
  | { kind: 'exception'; exception: ModbusException }
  | { kind: 'invalid'; reason: string };

export class ModbusRequestError extends RangeError {
  override name = 'ModbusRequestError';
}

export function isWriteFunction(fn: number): fn is WriteFunction {
  return fn === 0x05 || fn === 0x06 || fn === 0x0f || fn === 0x10;
}

function isInt(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** Number of coils/registers a request touches. */
export function quantityOf(req: ModbusRequest): number {
  switch (req.fn) {
    case 0x05:
    case 0x06:
      return 1;
    case 0x0f:
    case 0x10:
      return req.values.length;
    default:
      return req.quantity;
  }
}

/** Reason the request is invalid, or null when it is valid. Never throws. */
export function validateRequest(req: ModbusRequest): string | null {
  if (req === null || typeof req !== 'object') return 'request must be an object';
  if (!SUPPORTED_FUNCTIONS.includes(req.fn)) return `unsupported function ${String(req.fn)}`;
  if (!isInt(req.address, 0, LIMITS.maxAddress)) return 'address must be an integer 0-65535';
  let qty: number;
  switch (req.fn) {
    case 0x01:
    case 0x02:
      qty = req.quantity;
      if (!isInt(qty, 1, LIMITS.maxReadBits)) return `quantity must be 1-${LIMITS.maxReadBits} bits`;
      break;
    case 0x03:
    case 0x04:
      qty = req.quantity;
      if (!isInt(qty, 1, LIMITS.maxReadRegisters))
        return `quantity must be 1-${LIMITS.maxReadRegisters} registers`;
      break;
    case 0x05:
      if (typeof req.value !== 'boolean') return 'coil value must be a boolean';
      qty = 1;
      break;
    case 0x06:
      if (!isInt(req.value, 0, 0xffff)) return 'register value must be an integer 0-65535';
      qty = 1;
      break;
    case 0x0f:
      if (!Array.isArray(req.values)) return 'values must be an array';
      qty = req.values.length;
      if (!isInt(qty, 1, LIMITS.maxWriteBits)) return `quantity must be 1-${LIMITS.maxWriteBits} coils`;
      if (!req.values.every((v) => typeof v === 'boolean')) return 'coil values must be booleans';
      break;
    case 0x10:
      if (!Array.isArray(req.values)) return 'values must be an array';
      qty = req.values.length;
      if (!isInt(qty, 1, LIMITS.maxWriteRegisters))
        return `quantity must be 1-${LIMITS.maxWriteRegisters} registers`;
      if (!req.values.every((v) => isInt(v, 0, 0xffff))) return 'register values must be integers 0-65535';
      break;
  }
  if (req.address + qty - 1 > LIMITS.maxAddress) return 'address + quantity exceeds 65536';
  return null;
}

function packBits(bits: readonly boolean[]): Uint8Array {
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((b, i) => {
    if (b) out[i >> 3]! |= 1 << (i & 7);
  });
  return out;
}

function unpackBits(bytes: Uint8Array, offset: number, count: number): boolean[] {
  const out: boolean[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = ((bytes[offset + (i >> 3)]! >> (i & 7)) & 1) === 1;
  return out;
}

/** Request PDU bytes. Throws `ModbusRequestError` when the request is invalid. */
export function encodeRequest(req: ModbusRequest): Uint8Array {
  const err = validateRequest(req);
  if (err) throw new ModbusRequestError(err);
  const hdr = (len: number) => {
    const b = new Uint8Array(len);
    b[0] = req.fn;
    b[1] = req.address >> 8;
    b[2] = req.address & 0xff;
    return b;
  };
  switch (req.fn) {
    case 0x05: {
      const b = hdr(5);
      b[3] = req.value ? 0xff : 0x00;
      return b;
    }
    case 0x06: {
      const b = hdr(5);
      b[3] = req.value >> 8;
      b[4] = req.value & 0xff;
      return b;
    }
    case 0x0f: {
      const packed = packBits(req.values);
      const b = hdr(6 + packed.length);
      b[3] = req.values.length >> 8;
      b[4] = req.values.length & 0xff;
      b[5] = packed.length;
      b.set(packed, 6);
      return b;
    }
    case 0x10: {
      const n = req.values.length;
      const b = hdr(6 + 2 * n);
      b[3] = n >> 8;
      b[4] = n & 0xff;
      b[5] = 2 * n;
      req.values.forEach((v, i) => {
        b[6 + 2 * i] = v >> 8;
        b[7 + 2 * i] = v & 0xff;
      });
      return b;
    }
    default: {
      const b = hdr(5);
      b[3] = req.quantity >> 8;
      b[4] = req.quantity & 0xff;
      return b;
    }
  }
}

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;

/**
 * Parse a response PDU against the request it answers. Checks function, byte count, echoed address,
 * value and quantity. Never throws.
 */
export function parseResponse(req: ModbusRequest, pdu: Uint8Array): ParsedResponse {
  if (pdu.length < 2) return { kind: 'invalid', reason: 'response too short' };
  const fn = pdu[0]!;
  if (fn === (req.fn | 0x80)) {
    if (pdu.length !== 2) return { kind: 'invalid', reason: 'exception response must be 2 bytes' };
    const code = pdu[1]!;
    return { kind: 'exception', exception: { fn: req.fn, code, name: exceptionName(code) } };
  }
  if (fn !== req.fn) return { kind: 'invalid', reason: `function ${fn} does not answer ${req.fn}` };
  switch (req.fn) {
    case 0x01:
    case 0x02: {
      const n = Math.ceil(req.quantity / 8);
      if (pdu[1] !== n || pdu.length !== 2 + n) return { kind: 'invalid', reason: 'wrong byte count' };
      return { kind: 'response', response: { fn: req.fn, bits: unpackBits(pdu, 2, req.quantity) } };
    }
    case 0x03:
    case 0x04: {
      const n = 2 * req.quantity;
      if (pdu[1] !== n || pdu.length !== 2 + n) return { kind: 'invalid', reason: 'wrong byte count' };
      const registers: number[] = new Array(req.quantity);
      for (let i = 0; i < req.quantity; i++) registers[i] = u16(pdu, 2 + 2 * i);
      return { kind: 'response', response: { fn: req.fn, registers } };
    }
    case 0x05:
    case 0x06:
    case 0x0f:
    case 0x10: {
      if (pdu.length !== 5) return { kind: 'invalid', reason: 'write response must be 5 bytes' };
      const expected = encodeRequest(req).subarray(0, 5);
      for (let i = 1; i < 5; i++) {
        if (pdu[i] !== expected[i]) return { kind: 'invalid', reason: 'write echo does not match request' };
      }
      const address = u16(pdu, 1);
      if (req.fn === 0x05) return { kind: 'response', response: { fn: 0x05, address, value: req.value } };
      if (req.fn === 0x06) return { kind: 'response', response: { fn: 0x06, address, value: u16(pdu, 3) } };
      return { kind: 'response', response: { fn: req.fn, address, quantity: u16(pdu, 3) } };
    }
  }
}

/** Slave side: parse a request PDU. Never throws; answers an exception code for bad requests. */
export function parseRequest(
  pdu: Uint8Array,
): { ok: true; request: ModbusRequest } | { ok: false; code: number; reason: string } {
  if (pdu.length < 1) return { ok: false, code: 0x01, reason: 'empty pdu' };
  const fn = pdu[0]!;
  if (!SUPPORTED_FUNCTIONS.includes(fn))
    return { ok: false, code: ExceptionCode.ILLEGAL_FUNCTION, reason: 'unsupported function' };
  const bad = (reason: string) => ({ ok: false as const, code: ExceptionCode.ILLEGAL_DATA_VALUE, reason });
  if (pdu.length < 5) return bad('request too short');
  const address = u16(pdu, 1);
  const word = u16(pdu, 3);
  let request: ModbusRequest;
  switch (fn) {
    case 0x05:
      if (pdu.length !== 5) return bad('wrong length');
      if (word !== 0xff00 && word !== 0x0000) return bad('coil value must be FF00 or 0000');
      request = { fn, address, value: word === 0xff00 };
      break;
    case 0x06:
      if (pdu.length !== 5) return bad('wrong length');
      request = { fn, address, value: word };
      break;
    case 0x0f: {
      const n = Math.ceil(word / 8);
      if (pdu.length < 6 || pdu[5] !== n || pdu.length !== 6 + n) return bad('wrong byte count');
      request = { fn, address, values: unpackBits(pdu, 6, word) };
      break;
    }
    case 0x10: {
      if (pdu.length < 6 || pdu[5] !== 2 * word || pdu.length !== 6 + 2 * word)
        return bad('wrong byte count');
      const values: number[] = [];
      for (let i = 0; i < word; i++) values.push(u16(pdu, 6 + 2 * i));
      request = { fn, address, values };
      break;
    }
    default:
      if (pdu.length !== 5) return bad('wrong length');
      request = { fn: fn as ReadBitsFunction | ReadRegistersFunction, address, quantity: word };
  }
  const err = validateRequest(request);
  if (err) {
    const code = err.startsWith('address')
      ? ExceptionCode.ILLEGAL_DATA_ADDRESS
      : ExceptionCode.ILLEGAL_DATA_VALUE;
    return { ok: false, code, reason: err };
  }
  return { ok: true, request };
}

/**
 * Slave side: the normal response PDU to `req`. For reads pass the data (`bits` for 01/02,
 * `registers` for 03/04, exactly `quantity` long); writes echo the request.
 */
export function encodeResponse(
  req: ModbusRequest,
  data?: readonly boolean[] | readonly number[],
): Uint8Array {
  const err = validateRequest(req);
  if (err) throw new ModbusRequestError(err);
  switch (req.fn) {
    case 0x01:
    case 0x02: {
      const bits = (data ?? []) as readonly boolean[];
      if (bits.length !== req.quantity) throw new ModbusRequestError('bits length must equal quantity');
      const packed = packBits(bits);
      const b = new Uint8Array(2 + packed.length);
      b[0] = req.fn;
      b[1] = packed.length;
      b.set(packed, 2);
      return b;
    }
    case 0x03:
    case 0x04: {
      const regs = (data ?? []) as readonly number[];
      if (regs.length !== req.quantity) throw new ModbusRequestError('registers length must equal quantity');
      const b = new Uint8Array(2 + 2 * regs.length);
      b[0] = req.fn;
      b[1] = 2 * regs.length;
      regs.forEach((v, i) => {
        if (!isInt(v, 0, 0xffff)) throw new ModbusRequestError('register values must be integers 0-65535');
        b[2 + 2 * i] = v >> 8;
        b[3 + 2 * i] = v & 0xff;
      });
      return b;
    }
    default:
      return encodeRequest(req).slice(0, 5);
  }
}

/** Exception response PDU: function | 0x80, code. */
export function encodeException(fn: number, code: number): Uint8Array {
  return Uint8Array.of((fn | 0x80) & 0xff, code & 0xff);
}
