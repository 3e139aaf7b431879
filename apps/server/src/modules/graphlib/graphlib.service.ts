import {
  type GraphlibCategoryRow,
  type GraphlibItemRow,
  type GraphlibKind,
  type GraphlibListQuery,
  type GraphlibUpdateBody,
  graphlibUrl,
  type ListResult,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { hasPermission } from '../../platform/auth/scope.js';
import { fieldError, noPermission, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { checkLimiters, lockLimitersOf } from '../../platform/tenancy/resource-limits.js';
import { isUniqueViolation, notFound } from '../devices/device-errors.js';
import { checkUpload, sha256 } from './graphlib.files.js';
import type { CategoryRow, GraphlibRepository, ItemTableRow } from './graphlib.repository.js';
import type { GraphlibStore } from './graphlib.store.js';

export interface GraphlibServiceDeps {
  repo: GraphlibRepository;
  store: GraphlibStore;
}

/** A foreign-key violation from PostgreSQL or PGlite (possibly wrapped by Drizzle). */
function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i += 1) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** One uploaded file as the route hands it over (already read, at most the limit plus one byte). */
export interface UploadFile {
  kind: GraphlibKind | null;
  filename: string;
  bytes: Buffer;
}

const categoryRow = (r: CategoryRow): GraphlibCategoryRow => ({
  id: r.id,
  owner_user_id: r.ownerUserId,
  name: r.name,
  item_count: r.itemCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const itemRow = (r: ItemTableRow): GraphlibItemRow => ({
  id: r.id,
  owner_user_id: r.ownerUserId,
  category_id: r.categoryId,
  name: r.name,
  kind: r.kind,
  hash: r.hash,
  size: r.size,
  url: graphlibUrl(r.hash, r.kind),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The upload's name: the one given, else the file name without its extension (1–64 characters). */
function nameOf(given: string | undefined, filename: string): string {
  if (given) return given;
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return (base || 'symbol').slice(0, 64);
}

/** Reading needs IndScada (the route); changing needs ScadaManager as well (docs/api-scada.md). */
function requireManager(scope: Scope) {
  if (!hasPermission(scope, 'ScadaManager')) throw noPermission();
}

/** The graph library's user categories and uploads (docs/api-scada.md "Graph library"). */
export function createGraphlibService({ repo, store }: GraphlibServiceDeps) {
  async function category(scope: Scope, id: number): Promise<CategoryRow> {
    const row = await repo.findCategory(scope, id);
    if (!row) throw notFound('graph library category');
    return row;
  }

  async function item(scope: Scope, id: number): Promise<ItemTableRow> {
    const row = await repo.findItem(scope, id);
    if (!row) throw notFound('graph library item');
    return row;
  }

  /** A category named in a body: unknown or outside the scope is 10002 on that field. */
  async function targetCategory(scope: Scope, id: number, field: string): Promise<CategoryRow> {
    const row = await repo.findCategory(scope, id);
    if (!row) throw fieldError(field, 'graphlib.unknownCategory', { id });
    return row;
  }

  /** A category deleted while an upload or move into it ran: the same answer as an unknown one. */
  async function inCategory<T>(id: number, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw fieldError('body.category_id', 'graphlib.unknownCategory', { id });
      throw error;
    }
  }

  async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw userMessage('graphlib.categoryExists', { name });
      throw error;
    }
  }

  return {
    async categories(scope: Scope): Promise<ListResult<GraphlibCategoryRow>> {
      const rows = (await repo.categories(scope)).map(categoryRow);
      return { rows, total: rows.length };
    },

    async createCategory(scope: Scope, name: string): Promise<GraphlibCategoryRow> {
      requireManager(scope);
      const row = await uniqueName(name, () => repo.insertCategory(scope.dataOwnerId, name));
      return categoryRow({ ...row, itemCount: 0 });
    },

    async renameCategory(scope: Scope, id: number, name: string): Promise<GraphlibCategoryRow> {
      requireManager(scope);
      const current = await category(scope, id);
      const row = await uniqueName(name, () => repo.renameCategory(id, name));
      if (!row) throw notFound('graph library category');
      return categoryRow({ ...row, itemCount: current.itemCount });
    },

    /** Only an empty category is deleted (20000 otherwise): uploads are never dropped by accident. */
    async removeCategory(scope: Scope, id: number): Promise<null> {
      requireManager(scope);
      await category(scope, id);
      await repo.transaction(async (tx) => {
        if (!(await repo.lockCategory(id, tx))) return;
        const count = await repo.countInCategory(id, tx);
        if (count > 0 || !(await repo.removeEmptyCategory(id, tx)))
          throw userMessage('graphlib.categoryNotEmpty', { count: Math.max(count, 1) });
      });
      return null;
    },

    async list(scope: Scope, q: GraphlibListQuery): Promise<ListResult<GraphlibItemRow>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(
        scope,
        { search: q.search, categoryId: q.category_id, kind: q.kind },
        limit,
        offset,
      );
      return { rows: rows.map(itemRow), total };
    },

    async get(scope: Scope, id: number): Promise<GraphlibItemRow> {
      return itemRow(await item(scope, id));
    },

    /**
     * Checks and cleans the file, then, in one transaction: the limits of the category's owner and its
     * ancestors, the file stored once by its hash, the row. The same content in the same category
     * answers the row already there (nothing new is counted).
     */
    async upload(
      scope: Scope,
      fields: { category_id: number; name?: string },
      file: UploadFile,
    ): Promise<GraphlibItemRow> {
      requireManager(scope);
      const target = await targetCategory(scope, fields.category_id, 'body.category_id');
      const { kind, bytes } = checkUpload(file.kind, file.bytes);
      const hash = sha256(bytes);
      const row = await inCategory(target.id, () =>
        repo.transaction(async (tx) => {
          // Locked first, so two uploads into one tree queue here before either counts.
          const limiters = await lockLimitersOf(tx, target.ownerUserId, 'graphs');
          const same = await repo.findSame(target.id, hash, tx);
          if (same) return same;
          await checkLimiters(tx, limiters, 'graphs');
          await repo.lockHash(hash, tx);
          await store.save(hash, bytes);
          return repo.insertItem(
            {
              ownerUserId: target.ownerUserId,
              categoryId: target.id,
              name: nameOf(fields.name, file.filename),
              kind,
              hash,
              size: bytes.length,
            },
            tx,
          );
        }),
      );
      return itemRow(row);
    },

    /** Rename and/or move into another category of the same owner. */
    async update(scope: Scope, id: number, body: GraphlibUpdateBody): Promise<GraphlibItemRow> {
      requireManager(scope);
      const current = await item(scope, id);
      if (body.category_id !== undefined) {
        const target = await targetCategory(scope, body.category_id, 'body.category_id');
        if (target.ownerUserId !== current.ownerUserId)
          throw fieldError('body.category_id', 'graphlib.unknownCategory', { id: body.category_id });
      }
      const row = await inCategory(body.category_id ?? current.categoryId, () =>
        repo.updateItem(id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.category_id !== undefined && { categoryId: body.category_id }),
        }),
      );
      if (!row) throw notFound('graph library item');
      return itemRow(row);
    },

    /** Deletes the row; the file goes with the last row that holds its content. */
    async remove(scope: Scope, id: number): Promise<null> {
      requireManager(scope);
      const current = await item(scope, id);
      await repo.transaction(async (tx) => {
        await repo.lockHash(current.hash, tx);
        await repo.removeItem(id, tx);
        if (await repo.hashUsed(current.hash, undefined, tx)) return;
        // The last row of this picture: refused while a drawing of the owner still shows it.
        const showing = await repo.documentsShowing(current.ownerUserId, current.hash, tx);
        if (showing.length > 0)
          throw userMessage('graphlib.inUse', {
            names: showing.slice(0, 5).join(', '),
            count: showing.length,
          });
        await store.remove(current.hash);
      });
      return null;
    },

    /** The bytes behind `/upload/graphlib/{hash}.{kind}`: only content some row holds as that kind. */
    async file(hash: string, kind: GraphlibKind): Promise<Buffer | null> {
      if (!(await repo.hashUsed(hash, kind))) return null;
      return store.read(hash);
    },
  };
}

export type GraphlibService = ReturnType<typeof createGraphlibService>;
