import type { DirectoryPoint } from '../../pipeline/directory.js';
import type { CommandOutcome, DeviceLink, PointWrite } from './types.js';

/** A DeviceLink for tests: answers with `outcome`, records what it received. */
export function recordingLink(
  outcome: CommandOutcome | (() => Promise<CommandOutcome>),
  refreshed = true,
): DeviceLink & { writes: PointWrite[] } {
  const writes: PointWrite[] = [];
  return {
    writes,
    async write(write) {
      writes.push(write);
      return typeof outcome === 'function' ? outcome() : outcome;
    },
    async refresh() {
      return refreshed;
    },
  };
}

export function testPoint(deviceId: number, overrides: Partial<DirectoryPoint> = {}): DirectoryPoint {
  return {
    id: 7,
    deviceId,
    name: 'setpoint',
    title: 'Setpoint',
    slaveRef: null,
    slaveId: null,
    type: 1,
    sourceKind: 'modbus',
    dataType: 'int16',
    area: '4',
    address: 10,
    registerCount: 1,
    byteOrder: 'AB',
    scale: 1,
    offset: 0,
    decimals: 0,
    unit: '',
    storageMode: 0,
    storageIntervalS: 0,
    tolerance: 0,
    collectMode: 1,
    access: 'rw',
    ...overrides,
  };
}
