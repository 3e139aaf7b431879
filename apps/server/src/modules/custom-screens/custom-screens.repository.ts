import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { pathInSubtree } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { customScreens } from './custom-screens.table.js';

export type CustomScreenTableRow = typeof customScreens.$inferSelect;
export type NewCustomScreen = Omit<
  typeof customScreens.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version'
>;
/** A screen without its document; `shared` says whether a link is out (its hash never leaves here). */
export type CustomScreenListRow = Omit<CustomScreenTableRow, 'document' | 'shareTokenHash'> & {
  shared: boolean;
};

const listColumns = {
  id: customScreens.id,
  ownerUserId: customScreens.ownerUserId,
  name: customScreens.name,
  version: customScreens.version,
  published: customScreens.published,
  shared: sql<boolean>`(${customScreens.shareTokenHash} IS NOT NULL)`,
  sharedAt: customScreens.sharedAt,
  createdAt: customScreens.createdAt,
  updatedAt: customScreens.updatedAt,
};

const subtreeUsers = (tx: Executor, path: string) =>
  tx.select({ id: users.id }).from(users).where(pathInSubtree(users.path, path));

/** Custom screens, tenant scoped like SCADA drawings (owned by the data owner or a user below it). */
export function createCustomScreensRepository(db: Executor) {
  const visible = (scope: Scope, tx: Executor): SQL =>
    sql`${customScreens.ownerUserId} IN ${subtreeUsers(tx, scope.dataPath)}`;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: { search?: string; published?: boolean },
      limit: number,
      offset: number,
    ): Promise<{ rows: CustomScreenListRow[]; total: number }> {
      const where = and(
        visible(scope, db),
        q.published === undefined ? undefined : eq(customScreens.published, q.published),
        q.search ? sql`${customScreens.name} ILIKE ${containsPattern(q.search)}` : undefined,
      );
      const [total] = await db.select({ n: count() }).from(customScreens).where(where);
      const rows = await db
        .select(listColumns)
        .from(customScreens)
        .where(where)
        .orderBy(desc(customScreens.updatedAt), desc(customScreens.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async findVisible(scope: Scope, id: number): Promise<CustomScreenTableRow | undefined> {
      const [row] = await db
        .select()
        .from(customScreens)
        .where(and(eq(customScreens.id, id), visible(scope, db)));
      return row;
    },

    /**
     * A screen by the SHA-256 of its external link's token, with its owner's path (the link reads as
     * the owner, and only the points the screen binds). The token itself is the credential (UNSCOPED by
     * design); only its hash is stored.
     */
    async findByShareHash(
      hash: string,
    ): Promise<{ screen: CustomScreenTableRow; ownerPath: string } | undefined> {
      const [row] = await db
        .select({ screen: customScreens, ownerPath: users.path })
        .from(customScreens)
        .innerJoin(users, eq(users.id, customScreens.ownerUserId))
        .where(eq(customScreens.shareTokenHash, hash));
      return row;
    },

    async insert(values: NewCustomScreen, tx: Executor = db): Promise<CustomScreenTableRow> {
      const [row] = await tx.insert(customScreens).values(values).returning();
      return row!;
    },

    /** Applies `patch`; with `expectedVersion` only while the stored version still is that one. */
    async update(
      id: number,
      patch: Partial<
        Pick<NewCustomScreen, 'name' | 'document' | 'published' | 'shareTokenHash' | 'sharedAt'>
      >,
      options: { expectedVersion?: number; bump: boolean },
    ): Promise<CustomScreenTableRow | undefined> {
      const [row] = await db
        .update(customScreens)
        .set({
          ...patch,
          updatedAt: new Date(),
          ...(options.bump && { version: sql`${customScreens.version} + 1` }),
        })
        .where(
          and(
            eq(customScreens.id, id),
            options.expectedVersion === undefined
              ? undefined
              : eq(customScreens.version, options.expectedVersion),
          ),
        )
        .returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(customScreens).where(eq(customScreens.id, id));
    },
  };
}

export type CustomScreensRepository = ReturnType<typeof createCustomScreensRepository>;
