import { describe, expect, it } from 'vitest';
import { encodeException, parseResponse } from './pdu.js';
import { decodeAdu, encodeAdu, encodeRequestAdu } from './rtu.js';
import { respondToRequest, type SlaveMemory, SparseSlaveMemory } from './slave.js';

const answer = (mem: SlaveMemory, adu: Uint8Array) => {
  const res = respondToRequest(5, mem, adu);
  return res ? decodeAdu(res) : null;
};

describe('respondToRequest', () => {
  it('reads and writes registers and coils', () => {
    const mem = new SparseSlaveMemory();
    mem.holding.set(10, 0x1234);
    const read = { fn: 0x03, address: 10, quantity: 2 } as const;
    expect(parseResponse(read, answer(mem, encodeRequestAdu(5, read))!.pdu)).toEqual({
      kind: 'response',
      response: { fn: 3, registers: [0x1234, 0] },
    });
    const w = { fn: 0x10, address: 11, values: [7, 8] } as const;
    expect(parseResponse(w, answer(mem, encodeRequestAdu(5, w))!.pdu).kind).toBe('response');
    expect(mem.holding.get(12)).toBe(8);
    const c = { fn: 0x05, address: 3, value: true } as const;
    expect(parseResponse(c, answer(mem, encodeRequestAdu(5, c))!.pdu).kind).toBe('response');
    const rc = { fn: 0x01, address: 0, quantity: 5 } as const;
    expect(parseResponse(rc, answer(mem, encodeRequestAdu(5, rc))!.pdu)).toEqual({
      kind: 'response',
      response: { fn: 1, bits: [false, false, false, true, false] },
    });
    mem.inputRegisters.set(0, 9);
    const ri = { fn: 0x04, address: 0, quantity: 1 } as const;
    expect(parseResponse(ri, answer(mem, encodeRequestAdu(5, ri))!.pdu)).toMatchObject({
      response: { registers: [9] },
    });
    const w6 = { fn: 0x06, address: 1, value: 2 } as const;
    expect(parseResponse(w6, answer(mem, encodeRequestAdu(5, w6))!.pdu).kind).toBe('response');
    const w15 = { fn: 0x0f, address: 1, values: [true, true] } as const;
    expect(parseResponse(w15, answer(mem, encodeRequestAdu(5, w15))!.pdu).kind).toBe('response');
    mem.inputs.set(0, true);
    const di = { fn: 0x02, address: 0, quantity: 1 } as const;
    expect(parseResponse(di, answer(mem, encodeRequestAdu(5, di))!.pdu)).toMatchObject({
      response: { bits: [true] },
    });
  });
  it('stays silent for other slaves and bad CRCs', () => {
    const mem = new SparseSlaveMemory();
    expect(respondToRequest(5, mem, encodeRequestAdu(6, { fn: 0x03, address: 0, quantity: 1 }))).toBeNull();
    const bad = encodeRequestAdu(5, { fn: 0x03, address: 0, quantity: 1 });
    bad[2]! ^= 1;
    expect(respondToRequest(5, mem, bad)).toBeNull();
  });
  it('answers exceptions: unsupported function, illegal address, device failure', () => {
    const mem = new SparseSlaveMemory();
    expect(answer(mem, encodeAdu(5, Uint8Array.of(0x2b, 0x0e, 0x01, 0x00)))!.pdu).toEqual(
      encodeException(0x2b, 1),
    );
    const limited: SlaveMemory = {
      readBits: () => null,
      readRegisters: () => null,
      writeBits: () => false,
      writeRegisters: () => {
        throw new Error('boom');
      },
    };
    expect(answer(limited, encodeRequestAdu(5, { fn: 0x03, address: 0, quantity: 1 }))!.pdu).toEqual(
      encodeException(3, 2),
    );
    expect(answer(limited, encodeRequestAdu(5, { fn: 0x05, address: 0, value: true }))!.pdu).toEqual(
      encodeException(5, 2),
    );
    expect(answer(limited, encodeRequestAdu(5, { fn: 0x06, address: 0, value: 1 }))!.pdu).toEqual(
      encodeException(6, 4),
    );
  });
});
