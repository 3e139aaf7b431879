import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { pathInSubtree } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { scadaApps } from './scada.table.js';

export type ScadaTableRow = typeof scadaApps.$inferSelect;
export type NewScada = Omit<typeof scadaApps.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;
export type ScadaListRow = Omit<ScadaTableRow, 'document'>;

const listColumns = {
  id: scadaApps.id,
  ownerUserId: scadaApps.ownerUserId,
  kind: scadaApps.kind,
  name: scadaApps.name,
  templateId: scadaApps.templateId,
  version: scadaApps.version,
  thumbnail: scadaApps.thumbnail,
  createdAt: scadaApps.createdAt,
  updatedAt: scadaApps.updatedAt,
};

/** Ids of the users in a path's subtree (the path itself included). */
const subtreeUsers = (tx: Executor, path: string) =>
  tx.select({ id: users.id }).from(users).where(pathInSubtree(users.path, path));

export function createScadaRepository(db: Executor) {
  /** Like devices: owned by the scope's data owner or a user below it. */
  const visible = (scope: Scope, tx: Executor): SQL =>
    sql`${scadaApps.ownerUserId} IN ${subtreeUsers(tx, scope.dataPath)}`;

  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: { search?: string; kind?: 'app' | 'template'; templateId?: number },
      limit: number,
      offset: number,
      tx: Executor = db,
    ): Promise<{ rows: ScadaListRow[]; total: number }> {
      const where = and(
        visible(scope, tx),
        q.kind ? eq(scadaApps.kind, q.kind) : undefined,
        q.templateId === undefined ? undefined : eq(scadaApps.templateId, q.templateId),
        q.search ? sql`${scadaApps.name} ILIKE ${containsPattern(q.search)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(scadaApps).where(where);
      const rows = await tx
        .select(listColumns)
        .from(scadaApps)
        .where(where)
        .orderBy(desc(scadaApps.updatedAt), desc(scadaApps.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async findVisible(scope: Scope, id: number, tx: Executor = db): Promise<ScadaTableRow | undefined> {
      const [row] = await tx
        .select()
        .from(scadaApps)
        .where(and(eq(scadaApps.id, id), visible(scope, tx)));
      return row;
    },

    async insert(values: NewScada, tx: Executor = db): Promise<ScadaTableRow> {
      const [row] = await tx.insert(scadaApps).values(values).returning();
      return row!;
    },

    /**
     * Applies `patch`; with `expectedVersion` only while the stored version still is that one.
     * `bump` makes a new version (a document save). Undefined: nothing matched (stale or gone).
     */
    async update(
      id: number,
      patch: Partial<Pick<NewScada, 'name' | 'document' | 'thumbnail'>>,
      options: { expectedVersion?: number; bump: boolean },
      tx: Executor = db,
    ): Promise<ScadaTableRow | undefined> {
      const [row] = await tx
        .update(scadaApps)
        .set({
          ...patch,
          updatedAt: new Date(),
          ...(options.bump && { version: sql`${scadaApps.version} + 1` }),
        })
        .where(
          and(
            eq(scadaApps.id, id),
            options.expectedVersion === undefined
              ? undefined
              : eq(scadaApps.version, options.expectedVersion),
          ),
        )
        .returning();
      return row;
    },

    async remove(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(scadaApps).where(eq(scadaApps.id, id));
    },
  };
}

export type ScadaRepository = ReturnType<typeof createScadaRepository>;
