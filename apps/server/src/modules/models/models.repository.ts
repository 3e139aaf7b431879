import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { ownerPathInScope } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { deviceModels } from './models.table.js';

export type ModelTableRow = typeof deviceModels.$inferSelect;
export type NewModel = Omit<typeof deviceModels.$inferInsert, 'id' | 'createdAt'>;

/** Platform models (no owner) and models owned in the scope's data subtree. */
function visible(scope: Scope, tx: Executor): SQL {
  return or(
    isNull(deviceModels.ownerUserId),
    sql`${deviceModels.ownerUserId} IN ${tx
      .select({ id: users.id })
      .from(users)
      .where(ownerPathInScope(scope))}`,
  )!;
}

export function createModelsRepository(db: Executor) {
  const columns = {
    model: deviceModels,
    // Qualified by hand: Drizzle leaves columns unqualified in single-table selects.
    deviceCount: sql<number>`(SELECT count(*)::int FROM devices d WHERE d.model_id = "device_models"."id")`,
  };
  return {
    async list(scope: Scope, search: string | undefined, limit: number, offset: number, tx: Executor = db) {
      const where = and(
        visible(scope, tx),
        search ? sql`${deviceModels.name} ILIKE ${containsPattern(search)}` : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(deviceModels).where(where);
      const rows = await tx
        .select(columns)
        .from(deviceModels)
        .where(where)
        .orderBy(desc(deviceModels.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map((r) => ({ ...r.model, deviceCount: r.deviceCount })), total: total?.n ?? 0 };
    },
    async findVisible(scope: Scope, id: number, tx: Executor = db) {
      const [row] = await tx
        .select(columns)
        .from(deviceModels)
        .where(and(eq(deviceModels.id, id), visible(scope, tx)));
      return row ? { ...row.model, deviceCount: row.deviceCount } : undefined;
    },
    async insert(values: NewModel, tx: Executor = db) {
      const [row] = await tx.insert(deviceModels).values(values).returning();
      return row!;
    },
    async update(id: number, patch: Partial<NewModel>, tx: Executor = db) {
      if (Object.keys(patch).length > 0)
        await tx.update(deviceModels).set(patch).where(eq(deviceModels.id, id));
    },
    async remove(id: number, tx: Executor = db) {
      await tx.delete(deviceModels).where(eq(deviceModels.id, id));
    },
  };
}

export type ModelsRepository = ReturnType<typeof createModelsRepository>;
