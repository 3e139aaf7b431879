import { MODBUS_AREAS, type ModbusArea } from '@fleet/contracts';
import {
  ConnectionClosedError,
  decodeValue,
  encodeBit,
  encodeValue,
  InvalidResponseError,
  isValidSlaveId,
  ModbusExceptionError,
  ModbusTimeoutError,
  QueueFullError,
  type SlaveRequest,
} from '@fleet/protocols';
import type { ReadingValue } from '../../pipeline/types.js';
import type { CommandOutcome, PointWrite } from '../../platform/commands/types.js';
import { codecOf } from './read-plan.js';

export type EncodedWrite =
  | { ok: true; request: SlaveRequest; value: ReadingValue }
  | { ok: false; error: string };

/**
 * The Modbus request that writes a point: 05 for a coil, 06 for a one-register value, 10 for a
 * longer one. `value` is what the device holds after the echo (scaled and rounded like a read),
 * fed into the pipeline once the device confirmed.
 */
export function encodePointWrite(write: PointWrite): EncodedWrite {
  const { point } = write;
  if (point.slaveId === null || !isValidSlaveId(point.slaveId))
    return { ok: false, error: `point ${point.name} belongs to no Modbus slave` };
  if (point.area === null || !(point.area in MODBUS_AREAS) || point.address === null)
    return { ok: false, error: `point ${point.name} has no Modbus register address` };
  const area = MODBUS_AREAS[point.area as ModbusArea];
  if (!area.writable) return { ok: false, error: `area ${point.area} is read-only` };
  const slave = point.slaveId;
  const address = point.address;
  if (area.bits) {
    const bit = encodeBit(write.value === 'true' ? true : write.value === 'false' ? false : write.value);
    if (!bit.ok) return { ok: false, error: bit.error };
    return { ok: true, request: { slave, fn: 0x05, address, value: bit.value }, value: bit.value ? 1 : 0 };
  }
  const codec = codecOf(point);
  if (!codec) return { ok: false, error: `unknown data type ${point.dataType}` };
  if (typeof write.value === 'boolean') return { ok: false, error: 'a register value must be a number' };
  const options = { ...codec, registers: point.registerCount ?? undefined };
  const encoded = encodeValue(write.value, codec.dataType, options);
  if (!encoded.ok) return { ok: false, error: encoded.error };
  const { registers } = encoded;
  if (address + registers.length - 1 > 0xffff) return { ok: false, error: 'value runs past address 65535' };
  const held = decodeValue(registers, codec.dataType, options);
  const value = held.ok ? held.value : null;
  const request: SlaveRequest =
    registers.length === 1
      ? { slave, fn: 0x06, address, value: registers[0]! }
      : { slave, fn: 0x10, address, values: registers };
  return { ok: true, request, value };
}

/** How a failed Modbus transaction reads as a command outcome (docs/api-pipeline.md "Commands"). */
export function outcomeOfError(error: unknown): CommandOutcome {
  if (error instanceof ModbusExceptionError) return { status: 'fail', error: error.exceptionName };
  if (error instanceof ModbusTimeoutError)
    return { status: 'networkError', error: 'no answer within the timeout' };
  if (error instanceof ConnectionClosedError) return { status: 'networkError', error: 'connection closed' };
  if (error instanceof QueueFullError)
    return { status: 'networkError', error: 'gateway busy: too many requests queued' };
  if (error instanceof InvalidResponseError)
    return { status: 'fail', error: `invalid response: ${error.message}` };
  return { status: 'error', error: error instanceof Error ? error.message : String(error) };
}
