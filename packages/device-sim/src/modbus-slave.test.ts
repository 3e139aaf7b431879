import {
  decodeAdu,
  decodeValue,
  ExceptionCode,
  encodeRequestAdu,
  type ModbusRequest,
  parseResponse,
} from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { SimulatedSlave } from './modbus-slave.js';

function ask(slave: SimulatedSlave, req: ModbusRequest, id = slave.id) {
  const answer = slave.handle(encodeRequestAdu(id, req));
  if (!answer) return null;
  const frame = decodeAdu(answer)!;
  return parseResponse(req, frame.pdu);
}

const slave = () =>
  new SimulatedSlave(3, [
    {
      name: 'temp',
      area: '4X',
      address: 0,
      dataType: 'int16',
      scale: 0.1,
      signal: { kind: 'walk', min: 15, max: 30 },
    },
    {
      name: 'flow',
      area: '4X',
      address: 1,
      dataType: 'float',
      signal: { kind: 'sine', min: 0, max: 50, periodMs: 60_000 },
    },
    {
      name: 'energy',
      area: '3X',
      address: 10,
      dataType: 'uint32',
      signal: { kind: 'counter', start: 100, ratePerSecond: 5 },
    },
    { name: 'run', area: '0X', address: 0, signal: { kind: 'step', start: 1 } },
    { name: 'alarm', area: '1X', address: 4, signal: { kind: 'constant', value: 0 } },
  ]);

describe('SimulatedSlave', () => {
  it('reads registers encoded with the codec, values within the signal range', () => {
    const s = slave();
    for (let t = 1; t <= 20; t++) {
      s.tick(t * 1000);
      const r = ask(s, { fn: 0x03, address: 0, quantity: 3 });
      expect(r?.kind).toBe('response');
      if (r?.kind !== 'response' || !('registers' in r.response)) throw new Error('no registers');
      const temp = decodeValue(r.response.registers.slice(0, 1), 'int16', { scale: 0.1 });
      expect(temp.ok && typeof temp.value === 'number' && temp.value >= 15 && temp.value <= 30).toBe(true);
      const flow = decodeValue(r.response.registers.slice(1, 3), 'float');
      expect(flow.ok && typeof flow.value === 'number' && flow.value >= 0 && flow.value <= 50).toBe(true);
    }
    expect(s.valueOf('energy')).toBeGreaterThan(100);
  });

  it('reads bits of 0X and 1X', () => {
    const s = slave();
    expect(ask(s, { fn: 0x01, address: 0, quantity: 1 })).toEqual({
      kind: 'response',
      response: { fn: 0x01, bits: [true] },
    });
    expect(ask(s, { fn: 0x02, address: 4, quantity: 1 })).toEqual({
      kind: 'response',
      response: { fn: 0x02, bits: [false] },
    });
  });

  it('answers unmapped addresses with exception 2', () => {
    const s = slave();
    for (const req of [
      { fn: 0x03, address: 2, quantity: 2 },
      { fn: 0x04, address: 0, quantity: 1 },
      { fn: 0x01, address: 1, quantity: 1 },
      { fn: 0x06, address: 50, value: 1 },
      { fn: 0x05, address: 9, value: true },
    ] as ModbusRequest[]) {
      const r = ask(s, req);
      expect(r?.kind).toBe('exception');
      if (r?.kind === 'exception') expect(r.exception.code).toBe(ExceptionCode.ILLEGAL_DATA_ADDRESS);
    }
  });

  it('stays silent for another slave id', () => {
    expect(ask(slave(), { fn: 0x03, address: 0, quantity: 1 }, 4)).toBeNull();
  });

  it('holds written values until the next write', () => {
    const s = slave();
    expect(ask(s, { fn: 0x06, address: 0, value: 123 })?.kind).toBe('response');
    expect(ask(s, { fn: 0x05, address: 0, value: false })?.kind).toBe('response');
    for (let t = 1; t < 50; t++) s.tick(t * 1000);
    expect(s.valueOf('temp')).toBe(12.3);
    expect(s.valueOf('run')).toBe(0);
    expect(ask(s, { fn: 0x10, address: 0, values: [200] })?.kind).toBe('response');
    expect(s.valueOf('temp')).toBe(20);
  });

  it('refuses writes to read-only areas and bad definitions', () => {
    const s = slave();
    // 3X is read-only: 06 addresses 4X only, so 4X:10 is unmapped
    expect(ask(s, { fn: 0x06, address: 10, value: 1 })?.kind).toBe('exception');
    expect(() => new SimulatedSlave(0, [])).toThrow(RangeError);
    expect(() => new SimulatedSlave(1, [{ area: '4X', address: 65535, dataType: 'float' }])).toThrow(
      RangeError,
    );
  });
});
