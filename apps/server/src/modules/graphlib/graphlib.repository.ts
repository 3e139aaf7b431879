import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { pathInSubtree } from '../../platform/tenancy/scope.js';
import { customScreens } from '../custom-screens/custom-screens.table.js';
import { scadaApps } from '../scada/scada.table.js';
import { users } from '../users/users.table.js';
import { graphlibCategories, graphlibItems } from './graphlib.table.js';

export type CategoryTableRow = typeof graphlibCategories.$inferSelect;
export type CategoryRow = CategoryTableRow & { itemCount: number };
export type ItemTableRow = typeof graphlibItems.$inferSelect;
export type NewItem = Omit<typeof graphlibItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Ids of the users in a path's subtree (the path itself included). */
const subtreeUsers = (tx: Executor, path: string) =>
  tx.select({ id: users.id }).from(users).where(pathInSubtree(users.path, path));

/** Written out qualified: Drizzle leaves columns unqualified in a one-table select, which would bind inside. */
const itemCount = sql<number>`(SELECT count(*)::int FROM graphlib_items gi WHERE gi.category_id = graphlib_categories.id)`;

export function createGraphlibRepository(db: Executor) {
  /** Like SCADA apps: owned by the scope's data owner or a user below it. */
  const visibleCategory = (scope: Scope, tx: Executor): SQL =>
    sql`${graphlibCategories.ownerUserId} IN ${subtreeUsers(tx, scope.dataPath)}`;
  const visibleItem = (scope: Scope, tx: Executor): SQL =>
    sql`${graphlibItems.ownerUserId} IN ${subtreeUsers(tx, scope.dataPath)}`;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async categories(scope: Scope, tx: Executor = db): Promise<CategoryRow[]> {
      return tx
        .select({
          id: graphlibCategories.id,
          ownerUserId: graphlibCategories.ownerUserId,
          name: graphlibCategories.name,
          createdAt: graphlibCategories.createdAt,
          updatedAt: graphlibCategories.updatedAt,
          itemCount,
        })
        .from(graphlibCategories)
        .where(visibleCategory(scope, tx))
        .orderBy(asc(graphlibCategories.name), asc(graphlibCategories.id));
    },

    async findCategory(scope: Scope, id: number, tx: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await tx
        .select({
          id: graphlibCategories.id,
          ownerUserId: graphlibCategories.ownerUserId,
          name: graphlibCategories.name,
          createdAt: graphlibCategories.createdAt,
          updatedAt: graphlibCategories.updatedAt,
          itemCount,
        })
        .from(graphlibCategories)
        .where(and(eq(graphlibCategories.id, id), visibleCategory(scope, tx)));
      return row;
    },

    async insertCategory(ownerUserId: number, name: string, tx: Executor = db): Promise<CategoryTableRow> {
      const [row] = await tx.insert(graphlibCategories).values({ ownerUserId, name }).returning();
      return row!;
    },

    async renameCategory(id: number, name: string, tx: Executor = db): Promise<CategoryTableRow | undefined> {
      const [row] = await tx
        .update(graphlibCategories)
        .set({ name, updatedAt: new Date() })
        .where(eq(graphlibCategories.id, id))
        .returning();
      return row;
    },

    /**
     * Locks the category row until the transaction ends: an upload inserting into it holds a key-share
     * lock (its foreign key) until it commits, so a delete counting after this sees that upload.
     */
    async lockCategory(id: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .select({ id: graphlibCategories.id })
        .from(graphlibCategories)
        .where(eq(graphlibCategories.id, id))
        .for('update');
      return rows.length > 0;
    },

    async countInCategory(id: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(graphlibItems)
        .where(eq(graphlibItems.categoryId, id));
      return row?.n ?? 0;
    },

    /** Deletes the category only while it holds no upload; false when one arrived meanwhile. */
    async removeEmptyCategory(id: number, tx: Executor = db): Promise<boolean> {
      const gone = await tx
        .delete(graphlibCategories)
        .where(
          and(
            eq(graphlibCategories.id, id),
            sql`NOT EXISTS (SELECT 1 FROM graphlib_items gi WHERE gi.category_id = ${id})`,
          ),
        )
        .returning({ id: graphlibCategories.id });
      return gone.length > 0;
    },

    async list(
      scope: Scope,
      q: { search?: string; categoryId?: number; kind?: 'svg' | 'png' },
      limit: number,
      offset: number,
      tx: Executor = db,
    ): Promise<{ rows: ItemTableRow[]; total: number }> {
      const where = and(
        visibleItem(scope, tx),
        q.categoryId === undefined ? undefined : eq(graphlibItems.categoryId, q.categoryId),
        q.kind ? eq(graphlibItems.kind, q.kind) : undefined,
        q.search ? sql`${graphlibItems.name} ILIKE ${containsPattern(q.search)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(graphlibItems).where(where);
      const rows = await tx
        .select()
        .from(graphlibItems)
        .where(where)
        .orderBy(desc(graphlibItems.createdAt), desc(graphlibItems.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async findItem(scope: Scope, id: number, tx: Executor = db): Promise<ItemTableRow | undefined> {
      const [row] = await tx
        .select()
        .from(graphlibItems)
        .where(and(eq(graphlibItems.id, id), visibleItem(scope, tx)));
      return row;
    },

    /** The same content already uploaded into this category (an upload repeated answers that row). */
    async findSame(categoryId: number, hash: string, tx: Executor = db): Promise<ItemTableRow | undefined> {
      const [row] = await tx
        .select()
        .from(graphlibItems)
        .where(and(eq(graphlibItems.categoryId, categoryId), eq(graphlibItems.hash, hash)))
        .limit(1);
      return row;
    },

    async insertItem(values: NewItem, tx: Executor = db): Promise<ItemTableRow> {
      const [row] = await tx.insert(graphlibItems).values(values).returning();
      return row!;
    },

    async updateItem(
      id: number,
      patch: Partial<Pick<NewItem, 'name' | 'categoryId'>>,
      tx: Executor = db,
    ): Promise<ItemTableRow | undefined> {
      const [row] = await tx
        .update(graphlibItems)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(graphlibItems.id, id))
        .returning();
      return row;
    },

    async removeItem(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(graphlibItems).where(eq(graphlibItems.id, id));
    },

    /** Rows (of any tenant) holding this content, optionally of one kind: the served file's guard. */
    async hashUsed(hash: string, kind?: 'svg' | 'png', tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: graphlibItems.id })
        .from(graphlibItems)
        .where(and(eq(graphlibItems.hash, hash), kind ? eq(graphlibItems.kind, kind) : undefined))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The names of one owner's SCADA apps and custom screens whose drawing shows this content (an
     * image element or widget, a background): deleting its last row would break them. Only the owner's
     * own documents count, so nobody can pin another tenant's picture by naming its hash.
     */
    async documentsShowing(ownerUserId: number, hash: string, tx: Executor = db): Promise<string[]> {
      const path = `%/upload/graphlib/${hash}.%`;
      const rows = await tx
        .select({ name: scadaApps.name })
        .from(scadaApps)
        .where(and(eq(scadaApps.ownerUserId, ownerUserId), sql`${scadaApps.document}::text LIKE ${path}`))
        .union(
          tx
            .select({ name: customScreens.name })
            .from(customScreens)
            .where(
              and(
                eq(customScreens.ownerUserId, ownerUserId),
                sql`${customScreens.document}::text LIKE ${path}`,
              ),
            ),
        );
      return rows.map((row) => row.name).sort();
    },

    /**
     * Serialises the writers of one content hash until the transaction ends (an upload storing the
     * file against a delete removing it).
     */
    async lockHash(hash: string, tx: Executor): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`graphlib:${hash}`}, 0))`);
    },
  };
}

export type GraphlibRepository = ReturnType<typeof createGraphlibRepository>;
