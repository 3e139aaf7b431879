import {
  BYTE_ORDERS,
  type ByteOrder,
  DATA_TYPES,
  type DataType,
  MODBUS_AREAS,
  type ModbusArea,
  registerCountOf,
} from '@fleet/contracts';
import {
  isValidSlaveId,
  type PlannerOptions,
  type PlanPoint,
  type PointCodec,
  planReads,
  type ReadPlan,
} from '@fleet/protocols';
import type { DirectoryDevice, DirectoryPoint } from '../../pipeline/directory.js';

/** Poll period of a slave that sits on no port. */
export const DEFAULT_POLL_INTERVAL_S = 10;
export const DEFAULT_UART_READ_MS = 25;

/** What the poller reads from one slave every `periodMs`: block requests and how to decode them. */
export interface SlavePlan {
  slaveRef: number;
  slaveId: number;
  periodMs: number;
  /** Keys are point ids. */
  plan: ReadPlan<number>;
  codecs: Map<number, PointCodec>;
}

export interface DevicePlan {
  slaves: SlavePlan[];
  /** The longest uart read time of the device's ports (the queue has one response timeout). */
  uartReadMs: number;
  /** Points left out, with the reason (bad data type, address past 65535, ...). */
  rejected: { pointId: number; reason: string }[];
}

const isModbusArea = (area: string | null): area is ModbusArea => area !== null && area in MODBUS_AREAS;
const isDataType = (t: string): t is DataType => (DATA_TYPES as readonly string[]).includes(t);
const byteOrderOf = (o: string): ByteOrder =>
  (BYTE_ORDERS as readonly string[]).includes(o) ? (o as ByteOrder) : 'ABCD';

/** Is this point read by the DTU poller? Slave points with a Modbus area and address, collected. */
export function isPolled(point: DirectoryPoint): boolean {
  return (
    point.slaveRef !== null &&
    point.collectMode !== 0 &&
    isModbusArea(point.area) &&
    point.address !== null &&
    point.access !== 'writeonly'
  );
}

export function codecOf(point: DirectoryPoint): PointCodec | null {
  if (!isDataType(point.dataType)) return null;
  return {
    dataType: point.dataType,
    byteOrder: byteOrderOf(point.byteOrder),
    scale: point.scale,
    offset: point.offset,
    decimals: point.decimals,
  };
}

/**
 * Per slave, the collected points merged into block reads (planReads: 125 registers / 2000 coils,
 * small gaps read across). The period is the slave's port poll interval.
 */
export function planDevice(device: DirectoryDevice, options: PlannerOptions = {}): DevicePlan {
  const portOf = new Map(device.ports.map((p) => [p.id, p]));
  const rejected: DevicePlan['rejected'] = [];
  const slaves: SlavePlan[] = [];
  for (const slave of device.slaves) {
    if (!isValidSlaveId(slave.slaveId)) continue;
    const points = device.points.filter((p) => p.slaveRef === slave.ref && isPolled(p));
    if (points.length === 0) continue;
    const codecs = new Map<number, PointCodec>();
    const planPoints: PlanPoint<number>[] = [];
    for (const p of points) {
      const codec = codecOf(p);
      if (!codec) {
        rejected.push({ pointId: p.id, reason: `unknown data type ${p.dataType}` });
        continue;
      }
      codecs.set(p.id, codec);
      const bits = MODBUS_AREAS[p.area as ModbusArea].bits;
      planPoints.push({
        key: p.id,
        area: p.area as ModbusArea,
        address: p.address as number,
        dataType: bits ? undefined : codec.dataType,
        // Fixed-size types know their size; a stale register_count on them must not reject the point.
        registers:
          bits || registerCountOf(codec.dataType) !== null ? undefined : (p.registerCount ?? undefined),
      });
    }
    const plan = planReads(planPoints, options);
    for (const r of plan.rejected) rejected.push({ pointId: r.key, reason: r.reason });
    if (plan.blocks.length === 0) continue;
    const port = slave.portId === null ? undefined : portOf.get(slave.portId);
    const intervalS = port && port.pollIntervalS > 0 ? port.pollIntervalS : DEFAULT_POLL_INTERVAL_S;
    slaves.push({ slaveRef: slave.ref, slaveId: slave.slaveId, periodMs: intervalS * 1000, plan, codecs });
  }
  const uartReadMs =
    device.ports.length > 0 ? Math.max(...device.ports.map((p) => p.uartReadMs)) : DEFAULT_UART_READ_MS;
  return { slaves, uartReadMs, rejected };
}
