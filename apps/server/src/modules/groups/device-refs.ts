import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { fieldError } from '../devices/device-errors.js';
import { createDirectoryRepository } from './directory.repository.js';

/** The directory references a device body may carry. */
export interface DeviceRefs {
  group_id?: number | null;
  project_id?: number | null;
  company_id?: number | null;
}

/**
 * Checks that every non-null group / project / company id of a device body names a row the caller
 * can see; 10002 naming the field otherwise (`body.<prefix>group_id: no group 42`).
 */
export function createDeviceRefsCheck(db: Executor) {
  const repos = {
    group_id: { what: 'group', repo: createDirectoryRepository(db, 'group') },
    project_id: { what: 'project', repo: createDirectoryRepository(db, 'project') },
    company_id: { what: 'company', repo: createDirectoryRepository(db, 'company') },
  } as const;
  return async function checkDeviceRefs(scope: Scope, refs: DeviceRefs, prefix = ''): Promise<void> {
    for (const field of ['group_id', 'project_id', 'company_id'] as const) {
      const id = refs[field];
      if (id === undefined || id === null) continue;
      const { what, repo } = repos[field];
      if (!(await repo.findVisible(scope, id))) throw fieldError(`${prefix}${field}`, `no ${what} ${id}`);
    }
  };
}

export type DeviceRefsCheck = ReturnType<typeof createDeviceRefsCheck>;
