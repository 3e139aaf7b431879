import { PORT_DEFAULTS, type PortBody, type PortRow, type SlaveBody, type SlaveRow } from '@fleet/contracts';
import ExcelJS from 'exceljs';
import type { Scope } from '../../platform/auth/scope.js';
import { fieldError, isUniqueViolation, notFound } from './device-errors.js';
import { toPointConfig, toPortRow } from './device-mapper.js';
import type { DeviceRecord } from './devices.repository.js';
import type { PointsRepository, SlaveTableRow } from './points.repository.js';

export interface PortsSlavesDeps {
  repo: PointsRepository;
  visibleDevice(scope: Scope, id: number): Promise<DeviceRecord>;
  /** A visible device the caller may configure (an assignee needs Device/setParam). */
  configurableDevice(scope: Scope, id: number): Promise<DeviceRecord>;
}

const toSlaveRow = (s: SlaveTableRow & { pointCount?: number }): SlaveRow => ({
  id: s.id,
  device_id: s.deviceId,
  name: s.name,
  slave_id: s.slaveId,
  port_id: s.portId,
  template_id: s.templateId,
  point_count: s.pointCount ?? 0,
});

const EXPORT_POINT_COLUMNS = [
  'name',
  'title',
  'type',
  'source_kind',
  'data_type',
  'area',
  'address',
  'register_count',
  'byte_order',
  'scale',
  'offset',
  'decimals',
  'unit',
  'access',
  'storage_mode',
  'collect_mode',
] as const;

/** Ports and slave devices of a gateway. */
export function createPortsSlavesService({ repo, visibleDevice, configurableDevice }: PortsSlavesDeps) {
  async function portOf(deviceId: number, portId: number | null | undefined) {
    if (portId === null || portId === undefined) return;
    if (!(await repo.port(deviceId, portId))) throw fieldError('port_id', `no port ${portId} on this device`);
  }

  async function checkSlaveId(deviceId: number, slaveId: number | undefined, self: number | null) {
    if (slaveId === undefined) return;
    const same = await repo.slaveBySlaveId(deviceId, slaveId);
    if (same && same.id !== self)
      throw fieldError('slave_id', `slave ${slaveId} already exists on this device`);
  }

  return {
    async ports(scope: Scope, deviceId: number): Promise<PortRow[]> {
      await visibleDevice(scope, deviceId);
      return (await repo.ports(deviceId)).map(toPortRow);
    },

    async createPort(scope: Scope, deviceId: number, body: PortBody): Promise<PortRow> {
      await configurableDevice(scope, deviceId);
      const p = { ...PORT_DEFAULTS, ...body };
      return toPortRow(
        await repo.insertPort({
          deviceId,
          name: p.name,
          kind: p.kind,
          baud: p.baud,
          dataBits: p.data_bits,
          parity: p.parity,
          stopBits: p.stop_bits,
          uartReadMs: p.uart_read_ms,
          pollIntervalS: p.poll_interval_s,
        }),
      );
    },

    async updatePort(
      scope: Scope,
      deviceId: number,
      portId: number,
      body: Partial<PortBody>,
    ): Promise<PortRow> {
      await configurableDevice(scope, deviceId);
      const current = await repo.port(deviceId, portId);
      if (!current) throw notFound('port');
      return toPortRow(
        await repo.updatePort(portId, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.kind !== undefined && { kind: body.kind }),
          ...(body.baud !== undefined && { baud: body.baud }),
          ...(body.data_bits !== undefined && { dataBits: body.data_bits }),
          ...(body.parity !== undefined && { parity: body.parity }),
          ...(body.stop_bits !== undefined && { stopBits: body.stop_bits }),
          ...(body.uart_read_ms !== undefined && { uartReadMs: body.uart_read_ms }),
          ...(body.poll_interval_s !== undefined && { pollIntervalS: body.poll_interval_s }),
        }),
      );
    },

    /** Slaves on the port stay, without a port. */
    async removePort(scope: Scope, deviceId: number, portId: number): Promise<null> {
      await configurableDevice(scope, deviceId);
      if (!(await repo.port(deviceId, portId))) throw notFound('port');
      await repo.deletePort(portId);
      return null;
    },

    async slaves(scope: Scope, deviceId: number, portId?: number): Promise<SlaveRow[]> {
      await visibleDevice(scope, deviceId);
      return (await repo.slaves(deviceId, { portId })).map(toSlaveRow);
    },

    async createSlave(scope: Scope, deviceId: number, body: SlaveBody): Promise<SlaveRow> {
      const device = await configurableDevice(scope, deviceId);
      if (device.deviceClass !== 'DTUGW')
        throw fieldError(
          'slave_id',
          `slave devices belong to gateways (class DTUGW); this device is ${device.deviceClass}`,
        );
      await portOf(deviceId, body.port_id);
      await checkSlaveId(deviceId, body.slave_id, null);
      try {
        const [row] = await repo.insertSlaves([
          {
            deviceId,
            name: body.name,
            slaveId: body.slave_id,
            portId: body.port_id ?? null,
            templateId: null,
          },
        ]);
        return toSlaveRow(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('slave_id', `slave ${body.slave_id} already exists`);
        throw error;
      }
    },

    async updateSlave(
      scope: Scope,
      deviceId: number,
      sid: number,
      body: Partial<SlaveBody>,
    ): Promise<SlaveRow> {
      await configurableDevice(scope, deviceId);
      if (!(await repo.slave(deviceId, sid))) throw notFound('slave device');
      await portOf(deviceId, body.port_id);
      await checkSlaveId(deviceId, body.slave_id, sid);
      const row = await repo.updateSlave(sid, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.slave_id !== undefined && { slaveId: body.slave_id }),
        ...(body.port_id !== undefined && { portId: body.port_id }),
      });
      return toSlaveRow(row);
    },

    /** Deletes the slave and its points. */
    async removeSlave(scope: Scope, deviceId: number, sid: number): Promise<null> {
      await configurableDevice(scope, deviceId);
      if (!(await repo.slave(deviceId, sid))) throw notFound('slave device');
      await repo.deleteSlaves([sid]);
      return null;
    },

    /** xlsx: sheet 'slaves' and sheet 'points' (one row per point with its slave id). */
    async exportSlaves(
      scope: Scope,
      deviceId: number,
      filter: { gateway_temp_id?: number; port_id?: number },
    ): Promise<{ file: Buffer; name: string }> {
      const device = await visibleDevice(scope, deviceId);
      const slaves = await repo.slaves(deviceId, {
        portId: filter.port_id,
        templateId: filter.gateway_temp_id,
      });
      const wb = new ExcelJS.Workbook();
      const s = wb.addWorksheet('slaves');
      s.columns = ['slave_id', 'name', 'port_id', 'template_id', 'point_count'].map((key) => ({
        header: key,
        key,
        width: 14,
      }));
      const p = wb.addWorksheet('points');
      p.columns = ['slave_id', ...EXPORT_POINT_COLUMNS].map((key) => ({ header: key, key, width: 14 }));
      for (const slave of slaves) {
        s.addRow(toSlaveRow(slave));
        for (const point of await repo.points(deviceId, slave.id)) {
          const c = toPointConfig(point, slave.slaveId);
          p.addRow(
            Object.fromEntries(['slave_id', ...EXPORT_POINT_COLUMNS].map((k) => [k, c[k as keyof typeof c]])),
          );
        }
      }
      return { file: Buffer.from(await wb.xlsx.writeBuffer()), name: `slaves-${device.imei}.xlsx` };
    },
  };
}

export type PortsSlavesService = ReturnType<typeof createPortsSlavesService>;
