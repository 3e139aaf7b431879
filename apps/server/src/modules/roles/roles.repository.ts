import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { roles, userRoles } from '../users/users.table.js';

export type RoleTableRow = typeof roles.$inferSelect;
export interface RoleView extends RoleTableRow {
  userCount: number;
}
export type RolePatch = Partial<Pick<RoleTableRow, 'name' | 'remark' | 'permissions'>>;

const userCount = sql<number | string>`(select count(*) from ${userRoles} ur where ur.role_id = ${roles.id})`;
const SORTABLE = { id: roles.id, name: roles.name, created_at: roles.createdAt } as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createRolesRepository(db: Executor) {
  const select = (tx: Executor) => tx.select({ ...rolesColumns(), userCount }).from(roles);
  const view = (r: RoleTableRow & { userCount: number | string }): RoleView => ({
    ...r,
    userCount: Number(r.userCount),
  });

  return {
    async list(
      ownerUserId: number,
      search: string | undefined,
      page: { limit: number; offset: number; sort?: string; order?: 'asc' | 'desc' },
      tx: Executor = db,
    ): Promise<{ rows: RoleView[]; total: number }> {
      const parts: SQL[] = [eq(roles.ownerUserId, ownerUserId)];
      if (search) parts.push(ilike(roles.name, containsPattern(search)));
      const where = and(...parts);
      const column = SORTABLE[page.sort as keyof typeof SORTABLE] ?? roles.id;
      const rows = await select(tx)
        .where(where)
        .orderBy(page.order === 'desc' ? desc(column) : asc(column), asc(roles.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(roles).where(where);
      return { rows: rows.map(view), total: Number(total?.n ?? 0) };
    },

    async findById(id: number, tx: Executor = db): Promise<RoleView | undefined> {
      const [row] = await select(tx).where(eq(roles.id, id));
      return row ? view(row) : undefined;
    },

    async ownedBy(ownerUserId: number, tx: Executor = db): Promise<RoleView[]> {
      const rows = await select(tx).where(eq(roles.ownerUserId, ownerUserId)).orderBy(asc(roles.id));
      return rows.map(view);
    },

    async assignedTo(userId: number, tx: Executor = db): Promise<RoleView[]> {
      const ids = tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
      const rows = await select(tx).where(inArray(roles.id, ids)).orderBy(asc(roles.id));
      return rows.map(view);
    },

    /** Undefined when the owner already has a role of that name. */
    async create(
      input: { ownerUserId: number; name: string; remark: string | null; permissions: string[] },
      tx: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await tx.insert(roles).values(input).onConflictDoNothing().returning({ id: roles.id });
      return row?.id;
    },

    /** False when the new name is taken. */
    async update(id: number, patch: RolePatch, tx: Executor = db): Promise<boolean> {
      if (Object.keys(patch).length === 0) return true;
      try {
        await tx.update(roles).set(patch).where(eq(roles.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(roles).where(eq(roles.id, id));
    },
  };
}

function rolesColumns() {
  return {
    id: roles.id,
    ownerUserId: roles.ownerUserId,
    name: roles.name,
    remark: roles.remark,
    permissions: roles.permissions,
    isAdmin: roles.isAdmin,
    createdAt: roles.createdAt,
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
