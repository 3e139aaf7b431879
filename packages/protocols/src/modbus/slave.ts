/**
 * Minimal Modbus RTU slave for the simulator and tests: answers request ADUs from a memory.
 * Requests for another slave id, with a bad CRC, or broadcasts (id 0) get no answer (null).
 */

import { ExceptionCode, encodeException, encodeResponse, parseRequest } from './pdu.js';
import { decodeAdu, encodeAdu } from './rtu.js';

export interface SlaveMemory {
  /** null = illegal data address */
  readBits(area: '0X' | '1X', address: number, quantity: number): boolean[] | null;
  readRegisters(area: '3X' | '4X', address: number, quantity: number): number[] | null;
  writeBits(address: number, values: readonly boolean[]): boolean;
  writeRegisters(address: number, values: readonly number[]): boolean;
}

/** Sparse memory: unset addresses read as 0 / false, every address is readable and writable. */
export class SparseSlaveMemory implements SlaveMemory {
  readonly coils = new Map<number, boolean>();
  readonly inputs = new Map<number, boolean>();
  readonly inputRegisters = new Map<number, number>();
  readonly holding = new Map<number, number>();

  readBits(area: '0X' | '1X', address: number, quantity: number): boolean[] {
    const m = area === '0X' ? this.coils : this.inputs;
    return Array.from({ length: quantity }, (_, i) => m.get(address + i) ?? false);
  }
  readRegisters(area: '3X' | '4X', address: number, quantity: number): number[] {
    const m = area === '3X' ? this.inputRegisters : this.holding;
    return Array.from({ length: quantity }, (_, i) => m.get(address + i) ?? 0);
  }
  writeBits(address: number, values: readonly boolean[]): boolean {
    for (let i = 0; i < values.length; i++) this.coils.set(address + i, values[i]!);
    return true;
  }
  writeRegisters(address: number, values: readonly number[]): boolean {
    for (let i = 0; i < values.length; i++) this.holding.set(address + i, values[i]!);
    return true;
  }
}

/** The response ADU a slave with `slaveId` sends to `adu`, or null when it stays silent. */
export function respondToRequest(slaveId: number, memory: SlaveMemory, adu: Uint8Array): Uint8Array | null {
  const frame = decodeAdu(adu);
  if (!frame || frame.slave !== slaveId) return null;
  const parsed = parseRequest(frame.pdu);
  const fn = frame.pdu[0] ?? 0;
  if (!parsed.ok) return encodeAdu(slaveId, encodeException(fn, parsed.code));
  const req = parsed.request;
  try {
    let data: boolean[] | number[] | null | undefined;
    let ok = true;
    switch (req.fn) {
      case 0x01:
      case 0x02:
        data = memory.readBits(req.fn === 0x01 ? '0X' : '1X', req.address, req.quantity);
        ok = data !== null;
        break;
      case 0x03:
      case 0x04:
        data = memory.readRegisters(req.fn === 0x03 ? '4X' : '3X', req.address, req.quantity);
        ok = data !== null;
        break;
      case 0x05:
        ok = memory.writeBits(req.address, [req.value]);
        break;
      case 0x0f:
        ok = memory.writeBits(req.address, req.values);
        break;
      case 0x06:
        ok = memory.writeRegisters(req.address, [req.value]);
        break;
      case 0x10:
        ok = memory.writeRegisters(req.address, req.values);
        break;
    }
    if (!ok) return encodeAdu(slaveId, encodeException(req.fn, ExceptionCode.ILLEGAL_DATA_ADDRESS));
    return encodeAdu(slaveId, encodeResponse(req, data ?? undefined));
  } catch {
    return encodeAdu(slaveId, encodeException(req.fn, ExceptionCode.SLAVE_DEVICE_FAILURE));
  }
}
