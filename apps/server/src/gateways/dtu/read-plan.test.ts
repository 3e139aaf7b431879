import { ConnectionClosedError, ModbusExceptionError, ModbusTimeoutError } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import type { DirectoryDevice, DirectoryPoint } from '../../pipeline/directory.js';
import { encodePointWrite, outcomeOfError } from './point-write.js';
import { planDevice } from './read-plan.js';

let nextId = 1;
function point(slaveRef: number | null, slaveId: number | null, p: Partial<DirectoryPoint>): DirectoryPoint {
  return {
    id: nextId++,
    deviceId: 1,
    name: `p${nextId}`,
    title: '',
    slaveRef,
    slaveId,
    type: 0,
    sourceKind: 'register',
    dataType: 'uint16',
    area: '4X',
    address: 0,
    registerCount: null,
    byteOrder: 'ABCD',
    scale: 1,
    offset: 0,
    decimals: 0,
    unit: '',
    storageMode: 1,
    storageIntervalS: 300,
    tolerance: 0,
    collectMode: 1,
    access: 'readwrite',
    ...p,
  };
}

function device(points: DirectoryPoint[]): DirectoryDevice {
  return {
    id: 1,
    imei: '861234567890123',
    ownerUserId: 1,
    deviceClass: 'DTUGW',
    protocol: 1,
    gatewayProtocol: 'Modbus_RTU',
    legacyRegistration: false,
    mqttPasswordHash: '',
    dtuKeyHash: '',
    httpKeyHash: '',
    heartbeat: 'PING',
    heartbeatIntervalS: 120,
    expireAt: null,
    ports: [
      { id: 1, uartReadMs: 40, pollIntervalS: 5 },
      { id: 2, uartReadMs: 300, pollIntervalS: 30 },
    ],
    slaves: [
      { ref: 11, slaveId: 1, portId: 1 },
      { ref: 12, slaveId: 2, portId: null },
    ],
    points,
    byName: new Map(),
    byId: new Map(points.map((p) => [p.id, p])),
  };
}

describe('planDevice', () => {
  it('merges each slave into blocks and leaves out what is not polled', () => {
    const plan = planDevice(
      device([
        point(11, 1, { address: 0 }),
        point(11, 1, { address: 1, dataType: 'float' }),
        point(11, 1, { address: 8 }),
        point(11, 1, { area: '0X', address: 3, dataType: 'uint8' }),
        point(11, 1, { address: 50, collectMode: 0 }),
        point(11, 1, { address: 60, access: 'writeonly' }),
        point(null, null, { address: 0 }),
        point(12, 2, { area: '3X', address: 100, dataType: 'int32', registerCount: 1 }),
        point(12, 2, { area: '4X', address: 0, dataType: 'mystery' }),
      ]),
    );
    expect(plan.uartReadMs).toBe(300);
    const [one, two] = plan.slaves;
    expect(one).toMatchObject({ slaveId: 1, periodMs: 5000 });
    expect(one!.plan.blocks.map((b) => [b.fn, b.address, b.quantity])).toEqual([
      [0x01, 3, 1],
      [0x03, 0, 9],
    ]);
    // a slave without a port is polled every 10 s; a stale register_count on a fixed type is ignored
    expect(two).toMatchObject({ slaveId: 2, periodMs: 10_000 });
    expect(two!.plan.blocks.map((b) => [b.fn, b.address, b.quantity])).toEqual([[0x04, 100, 2]]);
    expect(plan.rejected).toEqual([{ pointId: expect.any(Number), reason: 'unknown data type mystery' }]);
  });

  it('splits into one request per register when the slave accepts only one', () => {
    const plan = planDevice(device([point(11, 1, { address: 0 }), point(11, 1, { address: 1 })]), {
      maxRegisters: 1,
    });
    expect(plan.slaves[0]!.plan.blocks).toHaveLength(2);
  });
});

describe('encodePointWrite', () => {
  const write = (p: DirectoryPoint, value: number | string | boolean) =>
    encodePointWrite({ commandId: 1, deviceId: 1, point: p, value });

  it('uses 05 for a coil, 06 for one register and 10 for more', () => {
    expect(write(point(11, 1, { area: '0X', address: 4 }), true)).toEqual({
      ok: true,
      request: { slave: 1, fn: 0x05, address: 4, value: true },
      value: 1,
    });
    expect(write(point(11, 1, { address: 7, scale: 0.1, decimals: 1 }), 23.46)).toMatchObject({
      ok: true,
      request: { slave: 1, fn: 0x06, address: 7, value: 235 },
      value: 23.5,
    });
    expect(write(point(11, 1, { address: 2, dataType: 'int32', byteOrder: 'CDAB' }), -2)).toMatchObject({
      ok: true,
      request: { slave: 1, fn: 0x10, address: 2, values: [0xfffe, 0xffff] },
      value: -2,
    });
  });

  it('refuses read-only areas, device points, bad values', () => {
    expect(write(point(11, 1, { area: '3X' }), 1)).toEqual({ ok: false, error: 'area 3X is read-only' });
    expect(write(point(null, null, {}), 1).ok).toBe(false);
    expect(write(point(11, 1, { area: '0X' }), 2)).toEqual({ ok: false, error: 'bit value must be 0 or 1' });
    expect(write(point(11, 1, { dataType: 'int16' }), 40000).ok).toBe(false);
    expect(write(point(11, 1, {}), true)).toEqual({ ok: false, error: 'a register value must be a number' });
  });

  it('maps transaction failures to command outcomes', () => {
    expect(outcomeOfError(new ModbusExceptionError(1, 6, 2, 'illegal data address'))).toEqual({
      status: 'fail',
      error: 'illegal data address',
    });
    expect(outcomeOfError(new ModbusTimeoutError(1, 6, 1525)).status).toBe('networkError');
    expect(outcomeOfError(new ConnectionClosedError('closed')).status).toBe('networkError');
    expect(outcomeOfError(new Error('boom'))).toEqual({ status: 'error', error: 'boom' });
  });
});
