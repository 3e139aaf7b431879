import type { ListResult } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { pageWindow } from '../../platform/http/paging.js';
import { fieldError, isUniqueViolation, notFound } from '../devices/device-errors.js';
import type {
  DirectoryKind,
  DirectoryRepository,
  DirectoryRow,
  NewDirectoryRow,
} from './directory.repository.js';

type Stored<K extends DirectoryKind> = DirectoryRow<K> & { deviceCount: number };

export interface DirectoryServiceDeps<K extends DirectoryKind, Body extends { name: string }, Api> {
  kind: K;
  repo: DirectoryRepository<K>;
  /** Stored row to API row. */
  toApi(row: Stored<K>): Api;
  /** Body fields to column values (only the fields present). */
  toValues(body: Partial<Body>): Partial<NewDirectoryRow<K>>;
  /** Runs in the insert's transaction before it (projects: the SPEC 3 project limit). */
  beforeInsert?(ownerUserId: number, tx: Executor): Promise<void>;
}

/**
 * Rules shared by device groups, projects and companies: rows belong to the caller's data owner,
 * the owner's subtree sees them (404 otherwise), names are unique per owner.
 */
export function createDirectoryService<K extends DirectoryKind, Body extends { name: string }, Api>({
  kind,
  repo,
  toApi,
  toValues,
  beforeInsert,
}: DirectoryServiceDeps<K, Body, Api>) {
  async function visible(scope: Scope, id: number): Promise<Stored<K>> {
    const row = await repo.findVisible(scope, id);
    if (!row) throw notFound(kind);
    return row;
  }

  async function requireFreeName(ownerUserId: number, name: string, exceptId?: number) {
    if (await repo.nameTaken(ownerUserId, name, exceptId)) throw fieldError('name', `${name} already exists`);
  }

  /** A concurrent insert of the same name loses on the unique constraint: the same 10002. */
  async function guardName<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error)) throw fieldError('name', `${name} already exists`);
      throw error;
    }
  }

  return {
    async list(scope: Scope, q: { page: number; limit: number; search?: string }): Promise<ListResult<Api>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(scope, q.search, limit, offset);
      return { rows: rows.map(toApi), total };
    },

    async create(scope: Scope, body: Body): Promise<Api> {
      await requireFreeName(scope.dataOwnerId, body.name);
      const row = await guardName(body.name, () =>
        repo.transaction(async (tx) => {
          await beforeInsert?.(scope.dataOwnerId, tx);
          return repo.insert(
            { ...toValues(body), name: body.name, ownerUserId: scope.dataOwnerId } as NewDirectoryRow<K>,
            tx,
          );
        }),
      );
      return toApi(await visible(scope, row.id));
    },

    async update(scope: Scope, id: number, body: Partial<Body>): Promise<Api> {
      const current = await visible(scope, id);
      if (body.name !== undefined && body.name !== current.name)
        await requireFreeName(current.ownerUserId, body.name, id);
      await guardName(body.name, () => repo.update(id, toValues(body)));
      return toApi(await visible(scope, id));
    },

    async remove(scope: Scope, id: number): Promise<null> {
      await visible(scope, id);
      await repo.remove(id);
      return null;
    },
  };
}
