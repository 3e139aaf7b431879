import type { CommandRow } from '@fleet/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { DirectoryDevice } from '../../pipeline/directory.js';
import type { Scope } from '../../platform/auth/scope.js';
import { testPoint } from '../../platform/commands/test-links.js';
import type { CommandsRepository, PointRecord } from './commands.repository.js';
import { createCommandsService } from './commands.service.js';

const scope = { userId: 1, isAdmin: true, permissions: new Set<string>() } as unknown as Scope;
const point = {
  id: 7,
  deviceId: 3,
  name: 'setpoint',
  type: 1,
  area: '4X',
  access: 'readwrite',
  sourceKind: 'register',
  dataType: 'int16',
  lolmt: null,
  uplmt: null,
  registerCount: null,
} as unknown as PointRecord;

/** An in-memory repository whose updates after the answer can be made to fail. */
function fakeRepo(failAfterSend: boolean) {
  const rows = new Map<number, CommandRow>();
  const repo = {
    point: async () => point,
    insert: async () => {
      rows.set(1, { id: 1, device_id: 3, status: 'create' } as CommandRow);
      return 1;
    },
    row: async (id: number) => rows.get(id),
    update: async (id: number, patch: { status?: CommandRow['status'] }) => {
      if (failAfterSend && patch.status !== 'send') throw new Error('database went away');
      const row = { ...rows.get(id)!, ...(patch.status ? { status: patch.status } : {}) };
      rows.set(id, row);
      return row;
    },
    list: async () => ({ rows: [...rows.values()], total: rows.size }),
  };
  return { repo: repo as unknown as CommandsRepository, rows };
}

function service(failAfterSend: boolean, ingest = vi.fn(async () => undefined)) {
  const { repo, rows } = fakeRepo(failAfterSend);
  const logError = vi.fn();
  const device = { byId: new Map([[7, testPoint(3)]]) } as unknown as DirectoryDevice;
  const commands = createCommandsService({
    repo,
    canSeeDevice: async () => true,
    router: { write: async () => ({ status: 'resp' }), refresh: async () => false },
    directory: { byId: async () => device, invalidate: () => {} },
    pipeline: { ingest },
    clock: () => new Date(),
    logError,
  });
  return { commands, rows, logError, ingest };
}

describe('commands service after the answer', () => {
  it('feeds a confirmed value to the pipeline', async () => {
    const { commands, rows, ingest } = service(false);
    expect((await commands.write(scope, { device_id: 3, point_id: 7, value: '12' })).status).toBe('send');
    await vi.waitFor(() => expect(rows.get(1)?.status).toBe('resp'));
    await vi.waitFor(() =>
      expect(ingest).toHaveBeenCalledWith([expect.objectContaining({ deviceId: 3, pointId: 7, value: 12 })]),
    );
  });

  it('logs a failing status update instead of leaving it unhandled', async () => {
    const { commands, logError } = service(true);
    expect((await commands.write(scope, { device_id: 3, point_id: 7, value: 1 })).status).toBe('send');
    await vi.waitFor(() => expect(logError).toHaveBeenCalledTimes(1));
    expect(String(logError.mock.calls[0]?.[0])).toContain('database went away');
  });

  it('logs a pipeline that refuses the confirmed value', async () => {
    const { commands, logError } = service(
      false,
      vi.fn(async () => {
        throw new Error('pipeline closed');
      }),
    );
    await commands.write(scope, { device_id: 3, point_id: 7, value: 1 });
    await vi.waitFor(() => expect(logError).toHaveBeenCalledTimes(1));
  });
});
