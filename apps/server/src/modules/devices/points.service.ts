import {
  areaFamilyOf,
  type DataPointRow,
  type ListResult,
  type PointConfig,
  type PointCreateBody,
  type PointUpdateBody,
  pointDefaultsFor,
  pointProblem,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { fieldError, isUniqueViolation, notFound } from './device-errors.js';
import { toPointConfig, toPointRow, toPointValues } from './device-mapper.js';
import type { DeviceRecord } from './devices.repository.js';
import type { PointsRepository } from './points.repository.js';

export interface PointsServiceDeps {
  repo: PointsRepository;
  visibleDevice(scope: Scope, id: number): Promise<DeviceRecord>;
  /** A visible device the caller may configure (an assignee needs Device/setParam). */
  configurableDevice(scope: Scope, id: number): Promise<DeviceRecord>;
}

/** The register-area family a device's points are checked against. */
export const familyOf = (d: Pick<DeviceRecord, 'gatewayProtocol' | 'protocol'>) =>
  areaFamilyOf(d.gatewayProtocol, d.protocol);

/** Data points of a device or of its slaves (SPEC 3), validated per SPEC 5 and the protocol. */
export function createPointsService({ repo, visibleDevice, configurableDevice }: PointsServiceDeps) {
  async function slaveIdsOf(deviceId: number, tx?: Executor): Promise<Map<number, number>> {
    const slaves = await repo.slaves(deviceId, {}, tx);
    return new Map(slaves.map((s) => [s.id, s.slaveId]));
  }

  /** Checks the rules and resolves the slave; answers its row id (null: the device itself). */
  async function checked(
    device: DeviceRecord,
    config: PointConfig,
    pointId: number | null,
  ): Promise<number | null> {
    const problem = pointProblem(config, familyOf(device));
    if (problem) throw fieldError(problem.field, problem.message);
    let slaveRef: number | null = null;
    if (config.slave_id !== null) {
      const slave = await repo.slaveBySlaveId(device.id, config.slave_id);
      if (!slave) throw fieldError('slave_id', `no slave ${config.slave_id} on this device`);
      slaveRef = slave.id;
    }
    const same = await repo.pointByName(device.id, slaveRef, config.name);
    if (same && same.id !== pointId)
      throw fieldError(
        'name',
        `${config.name} already exists on ${slaveRef ? `slave ${config.slave_id}` : 'this device'}`,
      );
    return slaveRef;
  }

  const duplicate = (config: PointConfig) => fieldError('name', `${config.name} already exists`);

  return {
    async list(scope: Scope, deviceId: number, slaveId?: number): Promise<ListResult<DataPointRow>> {
      await visibleDevice(scope, deviceId);
      const ids = await slaveIdsOf(deviceId);
      let slaveRef: number | undefined;
      if (slaveId !== undefined) {
        slaveRef = [...ids].find(([, s]) => s === slaveId)?.[0];
        if (slaveRef === undefined) return { rows: [], total: 0 };
      }
      const rows = await repo.points(deviceId, slaveRef);
      return {
        rows: rows.map((p) => toPointRow(p, p.slaveRef ? (ids.get(p.slaveRef) ?? null) : null)),
        total: rows.length,
      };
    },

    async create(scope: Scope, deviceId: number, body: PointCreateBody): Promise<DataPointRow> {
      const device = await configurableDevice(scope, deviceId);
      const config: PointConfig = { ...pointDefaultsFor(body.data_type), ...body };
      const slaveRef = await checked(device, config, null);
      try {
        const [row] = await repo.insertPoints([toPointValues(config, deviceId, slaveRef)]);
        return toPointRow(row!, config.slave_id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(config);
        throw error;
      }
    },

    async update(
      scope: Scope,
      deviceId: number,
      pointId: number,
      body: PointUpdateBody,
    ): Promise<DataPointRow> {
      const device = await configurableDevice(scope, deviceId);
      const current = await repo.point(deviceId, pointId);
      if (!current) throw notFound('data point');
      const ids = await slaveIdsOf(deviceId);
      const config: PointConfig = {
        ...toPointConfig(current, current.slaveRef ? (ids.get(current.slaveRef) ?? null) : null),
        ...body,
      };
      const slaveRef = await checked(device, config, pointId);
      const { deviceId: _d, sort: _s, ...values } = toPointValues(config, deviceId, slaveRef);
      try {
        const row = await repo.updatePoint(pointId, values);
        return toPointRow(row, config.slave_id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(config);
        throw error;
      }
    },

    async remove(scope: Scope, deviceId: number, pointId: number): Promise<null> {
      await configurableDevice(scope, deviceId);
      if (!(await repo.point(deviceId, pointId))) throw notFound('data point');
      await repo.deletePoint(pointId);
      return null;
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
