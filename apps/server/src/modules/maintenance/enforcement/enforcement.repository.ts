import type { EnforcementListQuery } from '@fleet/contracts';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../platform/auth/scope.js';
import type { Executor } from '../../../platform/db/client.js';
import { containsPattern } from '../../../platform/db/like.js';
import { ownerIdInScope } from '../../../platform/tenancy/scope.js';
import { users } from '../../users/users.table.js';
import { workOrders } from '../work-orders.table.js';
import type { ChainFile, ChainLink } from './enforcement.chain.js';
import { enforcementRecordFiles, enforcementRecords, enforcementUploads } from './enforcement.table.js';

export type EnforcementRecord = typeof enforcementRecords.$inferSelect;
export type NewEnforcementRecord = Omit<typeof enforcementRecords.$inferInsert, 'id'>;
export type EnforcementUpload = typeof enforcementUploads.$inferSelect;
export type EnforcementView = EnforcementRecord & {
  ownerName: string;
  fileCount: number;
  orderId: number | null;
  orderStatus: number | null;
};

/** Arbitrary constant first key of the per-tenant advisory lock that serialises appends to a chain. */
const CHAIN_LOCK = 7_340_226;

const r = enforcementRecords;
/** The outer record's id inside a correlated subquery (drizzle may leave a column unqualified). */
const recordId = sql.raw('"enforcement_records"."id"');
/** The latest work order raised from the record: its id or status. */
const latestOrder = (column: 'id' | 'status') =>
  sql<
    number | null
  >`(SELECT wo.${sql.raw(column)} FROM ${workOrders} wo WHERE wo.record_id = ${recordId} ORDER BY wo.id DESC LIMIT 1)`;

/**
 * Law enforcement records, their files and pending uploads. API reads are scoped (the record's tenant
 * is in the caller's data, `ownerIdInScope`); appends and the chain walk name the caller's own data
 * owner (`scope.dataOwnerId`). There is no update or delete: the database refuses them.
 */
export function createEnforcementRepository(db: Executor) {
  const view = (tx: Executor) =>
    tx
      .select({
        record: r,
        ownerName: sql<string>`(SELECT coalesce(nullif(u.nick_name, ''), u.username) FROM ${users} u WHERE u.id = ${r.ownerUserId})`,
        fileCount: sql<number>`(SELECT count(*)::int FROM ${enforcementRecordFiles} f WHERE f.record_id = ${recordId})`,
        orderId: latestOrder('id'),
        orderStatus: latestOrder('status'),
      })
      .from(r)
      .$dynamic();
  const flat = (row: {
    record: EnforcementRecord;
    ownerName: string;
    fileCount: number;
    orderId: number | null;
    orderStatus: number | null;
  }): EnforcementView => ({
    ...row.record,
    ownerName: row.ownerName ?? '',
    fileCount: Number(row.fileCount),
    orderId: row.orderId === null ? null : Number(row.orderId),
    orderStatus: row.orderStatus === null ? null : Number(row.orderStatus),
  });

  function filters(q: Omit<EnforcementListQuery, 'page' | 'limit'>): SQL | undefined {
    const hasOrder = sql`EXISTS (SELECT 1 FROM ${workOrders} wo WHERE wo.record_id = ${recordId})`;
    return and(
      q.type !== undefined ? eq(r.type, q.type) : undefined,
      q.device_id !== undefined ? eq(r.deviceRef, q.device_id) : undefined,
      q.from !== undefined ? gte(r.occurredAt, new Date(q.from)) : undefined,
      q.to !== undefined ? lte(r.occurredAt, new Date(q.to)) : undefined,
      q.handled === true ? hasOrder : q.handled === false ? sql`NOT ${hasOrder}` : undefined,
      q.search
        ? or(
            ilike(r.description, containsPattern(q.search)),
            ilike(r.site, containsPattern(q.search)),
            ilike(r.deviceTitle, containsPattern(q.search)),
            ilike(r.officerName, containsPattern(q.search)),
          )
        : undefined,
    );
  }

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: Omit<EnforcementListQuery, 'page' | 'limit'>,
      window: { limit: number; offset: number },
    ): Promise<{ rows: EnforcementView[]; total: number }> {
      const where = and(ownerIdInScope(scope, r.ownerUserId), filters(q));
      const [total] = await db.select({ n: count() }).from(r).where(where);
      const rows = await view(db)
        .where(where)
        .orderBy(desc(r.createdAt), desc(r.id))
        .limit(window.limit)
        .offset(window.offset);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** Export order: by tenant, then along the chain; `after` is the last (owner, seq) read. */
    async chunk(
      scope: Scope,
      q: Omit<EnforcementListQuery, 'page' | 'limit'>,
      limit: number,
      after?: { ownerUserId: number; seq: number },
    ): Promise<(EnforcementView & { files: ChainFile[] })[]> {
      const rows = await view(db)
        .where(
          and(
            ownerIdInScope(scope, r.ownerUserId),
            filters(q),
            after
              ? or(
                  gt(r.ownerUserId, after.ownerUserId),
                  and(eq(r.ownerUserId, after.ownerUserId), gt(r.seq, after.seq)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(r.ownerUserId), asc(r.seq))
        .limit(limit);
      const files = await this.filesOf(rows.map((x) => x.record.id));
      return rows.map((x) => ({ ...flat(x), files: files.get(x.record.id) ?? [] }));
    },

    async count(scope: Scope, q: Omit<EnforcementListQuery, 'page' | 'limit'>): Promise<number> {
      const [total] = await db
        .select({ n: count() })
        .from(r)
        .where(and(ownerIdInScope(scope, r.ownerUserId), filters(q)));
      return total?.n ?? 0;
    },

    async get(scope: Scope, id: number, tx: Executor = db): Promise<EnforcementView | undefined> {
      const [row] = await view(tx).where(and(ownerIdInScope(scope, r.ownerUserId), eq(r.id, id)));
      return row ? flat(row) : undefined;
    },

    /** Locks the record's row (FOR SHARE is enough: handling only reads it) inside the caller's scope. */
    async lockVisible(scope: Scope, id: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.id, id), ownerIdInScope(scope, r.ownerUserId)))
        .for('update');
      return rows.length > 0;
    },

    async filesOf(recordIds: number[], tx: Executor = db): Promise<Map<number, ChainFile[]>> {
      const map = new Map<number, ChainFile[]>();
      if (recordIds.length === 0) return map;
      const rows = await tx
        .select()
        .from(enforcementRecordFiles)
        .where(inArray(enforcementRecordFiles.recordId, recordIds))
        .orderBy(asc(enforcementRecordFiles.recordId), asc(enforcementRecordFiles.position));
      for (const f of rows) {
        const list = map.get(f.recordId) ?? [];
        list.push({ hash: f.hash, kind: f.kind, mime: f.mime, size: Number(f.size) });
        map.set(f.recordId, list);
      }
      return map;
    },

    // ------------------------------------------------------------ appending to the chain

    /**
     * Serialises appends to one tenant's chain until the transaction ends (PostgreSQL advisory lock;
     * PGlite has one connection, where it is a no-op in effect). The unique (owner, seq) index backs it.
     */
    async lockChain(ownerUserId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK}::int, ${ownerUserId}::int)`);
    },

    async lastLink(ownerUserId: number, tx: Executor): Promise<{ seq: number; hash: string } | undefined> {
      const [row] = await tx
        .select({ seq: r.seq, hash: r.hash })
        .from(r)
        .where(eq(r.ownerUserId, ownerUserId))
        .orderBy(desc(r.seq))
        .limit(1);
      return row;
    },

    async insert(values: NewEnforcementRecord, files: ChainFile[], tx: Executor): Promise<EnforcementRecord> {
      const [row] = await tx.insert(r).values(values).returning();
      if (files.length > 0)
        await tx
          .insert(enforcementRecordFiles)
          .values(files.map((f, position) => ({ recordId: row!.id, position, ...f })));
      return row!;
    },

    /** The chain of one tenant in seq order, a page at a time (the verify walk). */
    async chainPage(ownerUserId: number, afterSeq: number, limit: number): Promise<ChainLink[]> {
      const rows = await db
        .select()
        .from(r)
        .where(and(eq(r.ownerUserId, ownerUserId), gt(r.seq, afterSeq)))
        .orderBy(asc(r.seq))
        .limit(limit);
      const files = await this.filesOf(rows.map((x) => x.id));
      return rows.map((x) => ({ ...x, files: files.get(x.id) ?? [] }));
    },

    /** The tenants in the caller's data that have records: its own first, then by id. */
    async chainOwners(scope: Scope): Promise<number[]> {
      const rows = await db
        .selectDistinct({ owner: r.ownerUserId })
        .from(r)
        .where(ownerIdInScope(scope, r.ownerUserId))
        .orderBy(asc(r.ownerUserId));
      const ids = rows.map((x) => x.owner);
      return [
        ...ids.filter((id) => id === scope.dataOwnerId),
        ...ids.filter((id) => id !== scope.dataOwnerId),
      ];
    },

    async chainLength(ownerUserId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(r).where(eq(r.ownerUserId, ownerUserId));
      return row?.n ?? 0;
    },

    // ------------------------------------------------------------ uploads before create

    /** Records an upload; uploading the same file again restarts its time to be named by a create. */
    async addUpload(
      values: Omit<typeof enforcementUploads.$inferInsert, 'id'>,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(enforcementUploads)
        .values(values)
        .onConflictDoUpdate({
          target: [enforcementUploads.ownerUserId, enforcementUploads.hash],
          set: { createdAt: values.createdAt, uploadedBy: values.uploadedBy },
        });
    },

    // ------------------------------------------------------------ the file sweep

    /** Forgets uploads older than `before` (no create named them in time); how many. */
    async dropUploadsBefore(before: Date, tx: Executor = db): Promise<number> {
      const gone = await tx
        .delete(enforcementUploads)
        .where(lt(enforcementUploads.createdAt, before))
        .returning({ id: enforcementUploads.id });
      return gone.length;
    },

    /** Which of these stored files a record or a pending upload (of any tenant) still holds. */
    async heldHashes(hashes: string[], tx: Executor = db): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const rows = await tx
        .select({ hash: enforcementUploads.hash })
        .from(enforcementUploads)
        .where(inArray(enforcementUploads.hash, hashes))
        .union(
          tx
            .select({ hash: enforcementRecordFiles.hash })
            .from(enforcementRecordFiles)
            .where(inArray(enforcementRecordFiles.hash, hashes)),
        );
      return new Set(rows.map((row) => row.hash));
    },

    /**
     * Serialises everything that stores, names or removes one evidence file until the transaction
     * ends (an upload or a create against the sweep).
     */
    async lockHash(hash: string, tx: Executor): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`enforcement:${hash}`}, 0))`);
    },

    async uploads(ownerUserId: number, hashes: string[], tx: Executor = db): Promise<EnforcementUpload[]> {
      if (hashes.length === 0) return [];
      return tx
        .select()
        .from(enforcementUploads)
        .where(
          and(eq(enforcementUploads.ownerUserId, ownerUserId), inArray(enforcementUploads.hash, hashes)),
        );
    },

    /** Is the file one of the record's? (The record was loaded in scope first.) */
    async recordFile(recordId: number, hash: string): Promise<ChainFile | undefined> {
      const [row] = await db
        .select()
        .from(enforcementRecordFiles)
        .where(and(eq(enforcementRecordFiles.recordId, recordId), eq(enforcementRecordFiles.hash, hash)))
        .limit(1);
      return row ? { hash: row.hash, kind: row.kind, mime: row.mime, size: Number(row.size) } : undefined;
    },

    /** Open work orders (status 0-2) raised from the record. */
    async openOrder(recordId: number, tx: Executor): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(and(eq(workOrders.recordId, recordId), inArray(workOrders.status, [0, 1, 2])))
        .limit(1);
      return row?.id;
    },
  };
}

export type EnforcementRepository = ReturnType<typeof createEnforcementRepository>;
