import {
  type CommandBody,
  type CommandListQuery,
  type CommandRow,
  checkCommandValue,
  isReadOnlyPoint,
  type ListResult,
  PointType,
} from '@fleet/contracts';
import type { DeviceDirectory } from '../../pipeline/directory.js';
import type { Pipeline } from '../../pipeline/types.js';
import { hasPermission, type Scope } from '../../platform/auth/scope.js';
import { errorOutcome } from '../../platform/commands/local-router.js';
import type { CommandOutcome, CommandRouter } from '../../platform/commands/types.js';
import { noPermission } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { fieldError, notFound } from '../devices/device-errors.js';
import type { CommandsRepository } from './commands.repository.js';

export interface CommandsServiceDeps {
  repo: CommandsRepository;
  /** Whether the caller may see the device (docs/api-devices.md "Scope"). */
  canSeeDevice(scope: Scope, deviceId: number): Promise<boolean>;
  router: Pick<CommandRouter, 'write' | 'refresh'>;
  directory: Pick<DeviceDirectory, 'byId' | 'invalidate'>;
  pipeline: Pick<Pipeline, 'ingest'>;
  clock: () => Date;
  /** Failures after the answer went out (status updates, feeding the pipeline). */
  logError(error: unknown, message: string): void;
}

/** Which permission writing a point of this type needs (SPEC 4). */
const PERMISSION_OF_TYPE: Record<number, string> = {
  [PointType.MONITOR]: 'Device/control',
  [PointType.PARAMETER]: 'Device/setParam',
};

/** Final statuses the router can answer before the device was reached: the POST answers them. */
const ANSWERED_AT_ONCE = new Set<CommandOutcome['status']>(['networkError', 'error']);

/** One turn of the event loop: lets an outcome that is already known settle. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes to device points through the command router, recording the SPEC 4 lifecycle. */
export function createCommandsService(deps: CommandsServiceDeps) {
  const { repo, router, directory, clock } = deps;

  async function requireDevice(scope: Scope, deviceId: number): Promise<void> {
    if (!(await deps.canSeeDevice(scope, deviceId))) throw notFound('device');
  }

  /** The point as the gateways know it; the directory is re-read once when it lags behind. */
  async function directoryPoint(deviceId: number, pointId: number) {
    const cached = (await directory.byId(deviceId))?.byId.get(pointId);
    if (cached) return cached;
    directory.invalidate(deviceId);
    return (await directory.byId(deviceId))?.byId.get(pointId);
  }

  async function finish(
    id: number,
    outcome: CommandOutcome,
    write: { deviceId: number; pointId: number; value: number | string },
  ) {
    const error = outcome.status === 'resp' ? '' : outcome.error;
    await repo.update(id, { status: outcome.status, error, answeredAt: clock() }, 'send');
    if (outcome.status !== 'resp') return;
    // The device confirmed: the written value is its latest value now, without waiting for a poll.
    await deps.pipeline.ingest([{ ...write, ts: clock().getTime() }]);
  }

  return {
    async write(scope: Scope, body: CommandBody): Promise<CommandRow> {
      await requireDevice(scope, body.device_id);
      const point = await repo.point(body.device_id, body.point_id);
      if (!point) throw fieldError('point_id', `no point ${body.point_id} on this device`);
      const needed = PERMISSION_OF_TYPE[point.type] ?? PERMISSION_OF_TYPE[PointType.PARAMETER]!;
      if (!hasPermission(scope, needed)) throw noPermission();
      if (isReadOnlyPoint(point)) throw fieldError('point_id', `point ${point.name} is read-only`);
      const checked = checkCommandValue(point, body.value);
      if (!checked.ok) throw fieldError('value', checked.message);

      const id = await repo.insert({
        deviceId: body.device_id,
        pointId: point.id,
        kind: 'write',
        value: body.value,
        status: 'create',
        createdBy: scope.userId,
        createdAt: clock(),
      });
      const target = await directoryPoint(body.device_id, point.id);
      const outcome: Promise<CommandOutcome> = target
        ? router
            .write({ commandId: id, deviceId: body.device_id, point: target, value: checked.value })
            .catch(errorOutcome)
        : Promise.resolve({ status: 'error', error: 'point not found in the device directory' });
      let known: CommandOutcome | undefined;
      void outcome.then((value) => {
        known = value;
      });

      const sent = await repo.update(id, { status: 'send', sentAt: clock() });
      await nextTurn();
      const written = { deviceId: body.device_id, pointId: point.id, value: checked.value };
      if (known && ANSWERED_AT_ONCE.has(known.status)) {
        await finish(id, known, written);
        return (await repo.row(id))!;
      }
      // The device answers later (a DTU queue, an MQTT ack): the web re-reads cmdStatus.
      void outcome
        .then((answer) => finish(id, answer, written))
        .catch((error) => deps.logError(error, `command ${id}: recording the outcome failed`));
      return sent!;
    },

    async list(scope: Scope, query: CommandListQuery): Promise<ListResult<CommandRow>> {
      if (!(await deps.canSeeDevice(scope, query.device_id))) return { rows: [], total: 0 };
      const { limit, offset } = pageWindow(query);
      return repo.list(query.device_id, limit, offset);
    },

    async status(scope: Scope, id: number): Promise<CommandRow> {
      const row = await repo.row(id);
      if (!row || !(await deps.canSeeDevice(scope, row.device_id))) throw notFound('command');
      return row;
    },

    async refresh(scope: Scope, deviceId: number): Promise<{ refreshed: boolean }> {
      await requireDevice(scope, deviceId);
      return { refreshed: await router.refresh(deviceId).catch(() => false) };
    },
  };
}

export type CommandsService = ReturnType<typeof createCommandsService>;
