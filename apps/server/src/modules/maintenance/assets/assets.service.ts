import type { AssetDetail, AssetInput, AssetListQuery, AssetRow, ListResult } from '@fleet/contracts';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { fieldError } from '../../../platform/http/errors.js';
import { pageWindow } from '../../../platform/http/paging.js';
import { notFound } from '../../devices/device-errors.js';
import { toAssetFileRow, toAssetRow, warrantyWindow } from './assets.mapping.js';
import type { AssetPatch, AssetsRepository } from './assets.repository.js';

/** Postgres unique violation (the per-tenant code index lost a race). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The columns an input sets (create and edit set the same). */
export function assetColumns(body: AssetInput): Required<Omit<AssetPatch, 'updatedAt'>> {
  return {
    code: body.code,
    name: body.name,
    model: body.model,
    category: body.category,
    location: body.location,
    lat: body.lat,
    lng: body.lng,
    supplier: body.supplier,
    installedOn: body.installed_on,
    warrantyUntil: body.warranty_until,
    status: body.status,
    notes: body.notes,
    deviceId: body.device_id,
  };
}

/** The device ledger: list, read with attachments and repair history, add, edit, delete. */
export function createAssetsService(deps: { repo: AssetsRepository; clock: () => Date }) {
  const { repo, clock } = deps;

  async function checkInput(
    scope: Scope,
    ownerId: number,
    body: AssetInput,
    exceptId: number | undefined,
    tx: Executor,
  ) {
    if (body.device_id !== null && !(await repo.visibleDevice(scope, body.device_id, tx)))
      throw fieldError('body.device_id', 'asset.unknownDevice', { id: body.device_id });
    const taken = await repo.takenCodes(ownerId, [body.code], exceptId, tx);
    if (taken.size > 0) throw fieldError('body.code', 'asset.codeTaken', { code: body.code });
  }

  async function guarded<T>(code: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('body.code', 'asset.codeTaken', { code });
      throw error;
    }
  }

  return {
    async list(scope: Scope, query: AssetListQuery): Promise<ListResult<AssetRow>> {
      const now = clock();
      const { rows, total } = await repo.list(scope, query, { ...warrantyWindow(now), ...pageWindow(query) });
      return { rows: rows.map((r) => toAssetRow(r, now)), total };
    },

    async detail(scope: Scope, id: number): Promise<AssetDetail> {
      const asset = await repo.get(scope, id);
      if (!asset) throw notFound('asset');
      const [files, orders] = await Promise.all([repo.files(id), repo.workOrders(scope, id)]);
      return {
        ...toAssetRow(asset, clock()),
        attachments: files.map(toAssetFileRow),
        work_orders: orders.map((o) => ({
          id: o.id,
          type: o.type,
          status: o.status,
          title: o.title,
          created_at: o.createdAt.toISOString(),
          closed_at: o.closedAt ? o.closedAt.toISOString() : null,
        })),
      };
    },

    /** A new asset of the caller's tenant (its data owner). */
    async create(scope: Scope, body: AssetInput): Promise<AssetDetail> {
      const id = await guarded(body.code, () =>
        repo.transaction(async (tx) => {
          await checkInput(scope, scope.dataOwnerId, body, undefined, tx);
          const row = await repo.insert(
            { ...assetColumns(body), ownerUserId: scope.dataOwnerId, createdBy: scope.userId },
            tx,
          );
          return row.id;
        }),
      );
      return this.detail(scope, id);
    },

    async update(scope: Scope, id: number, body: AssetInput): Promise<AssetDetail> {
      await guarded(body.code, () =>
        repo.transaction(async (tx) => {
          const asset = await repo.lock(scope, id, tx);
          if (!asset) throw notFound('asset');
          // The code stays unique within the asset's own tenant (a manager may edit a customer's asset).
          await checkInput(scope, asset.ownerUserId, body, id, tx);
          await repo.update(scope, id, assetColumns(body), clock(), tx);
        }),
      );
      return this.detail(scope, id);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      if (!(await repo.remove(scope, id))) throw notFound('asset');
      return null;
    },

    async categories(scope: Scope): Promise<string[]> {
      return repo.categories(scope);
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
