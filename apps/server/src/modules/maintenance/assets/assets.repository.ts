import type { AssetListQuery } from '@fleet/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { containsPattern } from '../../../platform/db/like.js';
import { deviceVisible, ownerIdInScope } from '../../../platform/tenancy/scope.js';
import { devices } from '../../devices/devices.table.js';
import { workOrders } from '../work-orders.table.js';
import { ledgerAssetFiles, ledgerAssets } from './assets.table.js';

export type AssetRecord = typeof ledgerAssets.$inferSelect;
export type NewAsset = Omit<typeof ledgerAssets.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AssetPatch = Partial<Omit<NewAsset, 'ownerUserId' | 'createdBy'>>;
export type AssetFileRecord = typeof ledgerAssetFiles.$inferSelect;
export type AssetView = AssetRecord & {
  deviceTitle: string | null;
  deviceImei: string | null;
  files: number;
};

/** The dates bounding the warranty filters: today and today + the "expires soon" window (YYYY-MM-DD). */
export interface WarrantyWindow {
  today: string;
  soon: string;
}

const visible = (scope: Scope): SQL => ownerIdInScope(scope, ledgerAssets.ownerUserId);

/**
 * An asset of the caller's data, or undefined: THE lookup other maintenance code (work orders,
 * maintenance plans with target type 1) uses to accept an asset id from a request.
 */
export async function findVisibleAsset(
  db: Executor,
  scope: Scope,
  id: number,
): Promise<Pick<AssetRecord, 'id' | 'code' | 'name' | 'deviceId' | 'ownerUserId'> | undefined> {
  const [row] = await db
    .select({
      id: ledgerAssets.id,
      code: ledgerAssets.code,
      name: ledgerAssets.name,
      deviceId: ledgerAssets.deviceId,
      ownerUserId: ledgerAssets.ownerUserId,
    })
    .from(ledgerAssets)
    .where(and(eq(ledgerAssets.id, id), visible(scope)));
  return row;
}

/** Assets, their attachments and repair history; every read is inside the caller's data. */
export function createAssetsRepository(db: Executor) {
  const fileCount = db
    .select({ assetId: ledgerAssetFiles.assetId, n: count().as('n') })
    .from(ledgerAssetFiles)
    .groupBy(ledgerAssetFiles.assetId)
    .as('file_count');

  const view = (tx: Executor) =>
    tx
      .select({
        asset: ledgerAssets,
        deviceTitle: devices.title,
        deviceImei: devices.imei,
        files: fileCount.n,
      })
      .from(ledgerAssets)
      .leftJoin(devices, eq(devices.id, ledgerAssets.deviceId))
      .leftJoin(fileCount, eq(fileCount.assetId, ledgerAssets.id));
  const flat = (r: {
    asset: AssetRecord;
    deviceTitle: string | null;
    deviceImei: string | null;
    files: number | null;
  }): AssetView => ({
    ...r.asset,
    deviceTitle: r.deviceTitle,
    deviceImei: r.deviceImei,
    files: Number(r.files ?? 0),
  });

  function listWhere(scope: Scope, q: Omit<AssetListQuery, 'page' | 'limit'>, w: WarrantyWindow): SQL {
    const until = ledgerAssets.warrantyUntil;
    const pattern = q.search ? containsPattern(q.search) : undefined;
    return and(
      visible(scope),
      pattern
        ? or(
            ilike(ledgerAssets.code, pattern),
            ilike(ledgerAssets.name, pattern),
            ilike(ledgerAssets.model, pattern),
            ilike(ledgerAssets.supplier, pattern),
            ilike(ledgerAssets.location, pattern),
          )
        : undefined,
      q.category ? eq(ledgerAssets.category, q.category) : undefined,
      q.status !== undefined ? eq(ledgerAssets.status, q.status) : undefined,
      q.device_id !== undefined ? eq(ledgerAssets.deviceId, q.device_id) : undefined,
      q.ids ? inArray(ledgerAssets.id, q.ids) : undefined,
      q.warranty === 'none' ? isNull(until) : undefined,
      q.warranty === 'out' ? lt(until, w.today) : undefined,
      q.warranty === 'expiring' ? and(gte(until, w.today), lte(until, w.soon)) : undefined,
      q.warranty === 'in' ? gt(until, w.soon) : undefined,
    )!;
  }

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: Omit<AssetListQuery, 'page' | 'limit'>,
      w: WarrantyWindow & { limit: number; offset: number },
    ): Promise<{ rows: AssetView[]; total: number }> {
      const where = listWhere(scope, q, w);
      const [total] = await db.select({ n: count() }).from(ledgerAssets).where(where);
      const rows = await view(db).where(where).orderBy(desc(ledgerAssets.id)).limit(w.limit).offset(w.offset);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** Pages for the export, in id order after `afterId`. */
    async chunk(
      scope: Scope,
      q: Omit<AssetListQuery, 'page' | 'limit'>,
      w: WarrantyWindow,
      limit: number,
      afterId: number,
    ): Promise<AssetView[]> {
      const rows = await view(db)
        .where(and(listWhere(scope, q, w), gt(ledgerAssets.id, afterId)))
        .orderBy(asc(ledgerAssets.id))
        .limit(limit);
      return rows.map(flat);
    },

    async count(scope: Scope, q: Omit<AssetListQuery, 'page' | 'limit'>, w: WarrantyWindow): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(ledgerAssets)
        .where(listWhere(scope, q, w));
      return row?.n ?? 0;
    },

    async get(scope: Scope, id: number, tx: Executor = db): Promise<AssetView | undefined> {
      const [row] = await view(tx).where(and(eq(ledgerAssets.id, id), visible(scope)));
      return row ? flat(row) : undefined;
    },

    /** The asset row locked for a change, inside the caller's data. */
    async lock(scope: Scope, id: number, tx: Executor): Promise<AssetRecord | undefined> {
      const [row] = await tx
        .select()
        .from(ledgerAssets)
        .where(and(eq(ledgerAssets.id, id), visible(scope)))
        .for('update');
      return row;
    },

    /** Codes of `owner` among `codes` (other than asset `exceptId`). */
    async takenCodes(ownerUserId: number, codes: string[], exceptId?: number, tx: Executor = db) {
      if (codes.length === 0) return new Set<string>();
      const rows = await tx
        .select({ code: ledgerAssets.code })
        .from(ledgerAssets)
        .where(
          and(
            eq(ledgerAssets.ownerUserId, ownerUserId),
            inArray(ledgerAssets.code, codes),
            exceptId !== undefined ? ne(ledgerAssets.id, exceptId) : undefined,
          ),
        );
      return new Set(rows.map((r) => r.code));
    },

    async insert(values: NewAsset, tx: Executor = db): Promise<AssetRecord> {
      const [row] = await tx.insert(ledgerAssets).values(values).returning();
      return row!;
    },

    async insertMany(values: NewAsset[], tx: Executor): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await tx.insert(ledgerAssets).values(values).returning({ id: ledgerAssets.id });
      return rows.length;
    },

    async update(scope: Scope, id: number, patch: AssetPatch, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(ledgerAssets)
        .set({ ...patch, updatedAt: at })
        .where(and(eq(ledgerAssets.id, id), visible(scope)));
    },

    /** Deletes the asset (its attachments go with it; orders naming it keep their history, asset cleared). */
    async remove(scope: Scope, id: number): Promise<boolean> {
      const rows = await db
        .delete(ledgerAssets)
        .where(and(eq(ledgerAssets.id, id), visible(scope)))
        .returning({ id: ledgerAssets.id });
      return rows.length > 0;
    },

    /** A device of the caller's data (owned or granted), for linking. */
    async visibleDevice(scope: Scope, deviceId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: devices.id, title: devices.title })
        .from(devices)
        .where(and(eq(devices.id, deviceId), deviceVisible(tx, scope)));
      return row;
    },

    /** Devices of the caller's data by IMEI (the import's `device_imei` column). */
    async visibleDevicesByImei(scope: Scope, imeis: string[]): Promise<Map<string, number>> {
      if (imeis.length === 0) return new Map();
      const rows = await db
        .select({ id: devices.id, imei: devices.imei })
        .from(devices)
        .where(and(inArray(devices.imei, imeis), deviceVisible(db, scope)));
      return new Map(rows.map((r) => [r.imei, r.id]));
    },

    // ------------------------------------------------------------ attachments

    async files(assetId: number): Promise<AssetFileRecord[]> {
      return db
        .select()
        .from(ledgerAssetFiles)
        .where(eq(ledgerAssetFiles.assetId, assetId))
        .orderBy(asc(ledgerAssetFiles.id));
    },

    async file(assetId: number, hash: string): Promise<AssetFileRecord | undefined> {
      const [row] = await db
        .select()
        .from(ledgerAssetFiles)
        .where(and(eq(ledgerAssetFiles.assetId, assetId), eq(ledgerAssetFiles.hash, hash)));
      return row;
    },

    async addFile(values: Omit<typeof ledgerAssetFiles.$inferInsert, 'id' | 'createdAt'>, tx: Executor = db) {
      await tx.insert(ledgerAssetFiles).values(values).onConflictDoNothing();
    },

    async removeFile(assetId: number, hash: string): Promise<boolean> {
      const rows = await db
        .delete(ledgerAssetFiles)
        .where(and(eq(ledgerAssetFiles.assetId, assetId), eq(ledgerAssetFiles.hash, hash)))
        .returning({ id: ledgerAssetFiles.id });
      return rows.length > 0;
    },

    /** Is a stored file still named by any asset (else the store may drop it). */
    async fileInUse(hash: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(ledgerAssetFiles)
        .where(eq(ledgerAssetFiles.hash, hash));
      return (row?.n ?? 0) > 0;
    },

    // ------------------------------------------------------------ repair history

    /** Work orders naming the asset, newest first, of the caller's data. */
    async workOrders(scope: Scope, assetId: number, limit = 100) {
      return db
        .select({
          id: workOrders.id,
          type: workOrders.type,
          status: workOrders.status,
          title: workOrders.title,
          createdAt: workOrders.createdAt,
          closedAt: workOrders.closedAt,
        })
        .from(workOrders)
        .where(and(eq(workOrders.assetId, assetId), ownerIdInScope(scope, workOrders.ownerUserId)))
        .orderBy(desc(workOrders.id))
        .limit(limit);
    },

    /** Distinct categories of the caller's data (the list's filter). */
    async categories(scope: Scope): Promise<string[]> {
      const rows = await db
        .selectDistinct({ category: ledgerAssets.category })
        .from(ledgerAssets)
        .where(and(visible(scope), ne(ledgerAssets.category, '')))
        .orderBy(asc(ledgerAssets.category))
        .limit(200);
      return rows.map((r) => r.category);
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
