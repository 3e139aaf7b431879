/**
 * Modbus RTU ADU framing: slave id + PDU + CRC (low byte first).
 * Slave ids 1-254 are addressable (0 is broadcast, which gets no response, so the master never
 * sends it; 255 is refused).
 */
import { appendCrc, verifyCrc } from './crc.js';
import { encodeRequest, isWriteFunction, type ModbusRequest, ModbusRequestError } from './pdu.js';

export const MIN_SLAVE_ID = 1;
export const MAX_SLAVE_ID = 254;
/** Largest RTU ADU: 1 slave + 253 PDU + 2 CRC. */
export const MAX_ADU_LENGTH = 256;
/** Length of an exception response ADU: slave, function | 0x80, code, CRC. */
export const EXCEPTION_ADU_LENGTH = 5;

export function isValidSlaveId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= MIN_SLAVE_ID && id <= MAX_SLAVE_ID;
}

/** slave + pdu + CRC. Throws `ModbusRequestError` on a bad slave id or oversize PDU. */
export function encodeAdu(slave: number, pdu: Uint8Array): Uint8Array {
  if (!isValidSlaveId(slave))
    throw new ModbusRequestError(`slave id must be ${MIN_SLAVE_ID}-${MAX_SLAVE_ID}`);
  if (pdu.length < 1 || pdu.length > MAX_ADU_LENGTH - 3)
    throw new ModbusRequestError('pdu must be 1-253 bytes');
  const body = new Uint8Array(pdu.length + 1);
  body[0] = slave;
  body.set(pdu, 1);
  return appendCrc(body);
}

/** Split an ADU into slave and PDU; null when the CRC fails or the frame is too short. */
export function decodeAdu(adu: Uint8Array): { slave: number; pdu: Uint8Array } | null {
  if (adu.length < 4 || adu.length > MAX_ADU_LENGTH || !verifyCrc(adu)) return null;
  return { slave: adu[0]!, pdu: adu.subarray(1, adu.length - 2) };
}

/** Request ADU for `slave`. Throws `ModbusRequestError` when the request or slave is invalid. */
export function encodeRequestAdu(slave: number, req: ModbusRequest): Uint8Array {
  return encodeAdu(slave, encodeRequest(req));
}

/**
 * Bytes of the normal response ADU to `req` (an exception response is always
 * `EXCEPTION_ADU_LENGTH` = 5 bytes).
 */
export function expectedResponseLength(req: ModbusRequest): number {
  switch (req.fn) {
    case 0x01:
    case 0x02:
      return 5 + Math.ceil(req.quantity / 8);
    case 0x03:
    case 0x04:
      return 5 + 2 * req.quantity;
    default:
      return 8;
  }
}

/** What the stream parser waits for while a request is in flight. */
export interface Expectation {
  slave: number;
  fn: number;
  /** Length of the normal response ADU. */
  length: number;
  /** For writes: the 4 bytes after the function code the response must echo. */
  echo?: Uint8Array;
}

/** Expectation for the response to `req` sent to `slave`. */
export function expectationFor(slave: number, req: ModbusRequest): Expectation {
  const e: Expectation = { slave, fn: req.fn, length: expectedResponseLength(req) };
  if (isWriteFunction(req.fn)) e.echo = encodeRequest(req).slice(1, 5);
  return e;
}
