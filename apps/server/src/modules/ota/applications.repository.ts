import type { OtaApplicationListQuery } from '@fleet/contracts';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerIdInScope } from '../../platform/tenancy/scope.js';
import { otaApplications, otaPlans } from './plans.table.js';

export type OtaApplicationRecord = typeof otaApplications.$inferSelect;
export type NewOtaApplication = Omit<typeof otaApplications.$inferInsert, 'id' | 'createdAt'>;

/** Applications are owned like devices: by the caller's data owner or a user below it. */
export function createOtaApplicationsRepository(db: Executor) {
  const visible = (scope: Scope) => ownerIdInScope(scope, otaApplications.ownerUserId);
  return {
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    async list(
      scope: Scope,
      q: Omit<OtaApplicationListQuery, 'page' | 'limit'>,
      limit: number,
      offset: number,
    ): Promise<{ rows: OtaApplicationRecord[]; total: number }> {
      const pattern = q.search ? containsPattern(q.search) : undefined;
      const where = and(
        visible(scope),
        pattern
          ? sql`(${otaApplications.name} ILIKE ${pattern} OR ${otaApplications.version} ILIKE ${pattern} OR ${otaApplications.notes} ILIKE ${pattern})`
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(otaApplications).where(where);
      const rows = await db
        .select()
        .from(otaApplications)
        .where(where)
        .orderBy(desc(otaApplications.createdAt), desc(otaApplications.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },

    async get(scope: Scope, id: number, tx: Executor = db): Promise<OtaApplicationRecord | undefined> {
      const [row] = await tx
        .select()
        .from(otaApplications)
        .where(and(eq(otaApplications.id, id), visible(scope)));
      return row;
    },

    async insert(row: NewOtaApplication): Promise<OtaApplicationRecord> {
      const [created] = await db.insert(otaApplications).values(row).returning();
      return created!;
    },

    /** A plan (of anyone: the row is referenced) that installs this application. */
    async planUsing(id: number, tx: Executor = db): Promise<{ id: number; name: string } | undefined> {
      const [plan] = await tx
        .select({ id: otaPlans.id, name: otaPlans.name })
        .from(otaPlans)
        .where(eq(otaPlans.applicationId, id))
        .limit(1);
      return plan;
    },

    async remove(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(otaApplications).where(eq(otaApplications.id, id));
    },

    /**
     * Is the stored file still named by another application (the same bytes uploaded twice, by anyone)?
     * Unscoped on purpose: the file store is shared by content hash across tenants.
     */
    async hashStillUsed(sha256: string, exceptId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: otaApplications.id })
        .from(otaApplications)
        .where(and(eq(otaApplications.sha256, sha256), ne(otaApplications.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /** The applications of these ids (unscoped: the rollout reads the plans' own packages). */
    async byIds(ids: number[], tx: Executor = db): Promise<OtaApplicationRecord[]> {
      if (ids.length === 0) return [];
      return tx.select().from(otaApplications).where(inArray(otaApplications.id, ids));
    },
  };
}

export type OtaApplicationsRepository = ReturnType<typeof createOtaApplicationsRepository>;
