import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { managedUsers } from '../../platform/tenancy/scope.js';
import { quotaLeft, remainingCount } from './remaining-counts.repository.js';
import { roles, userRoles, users } from './users.table.js';

type UserTableRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'path' | 'parentId' | 'username'>>;

/** A user with what the list shows: parent name, roles and number of children. */
export interface UserView extends UserTableRow {
  parentUsername: string | null;
  roleRefs: { id: number; name: string }[];
  childrenCount: number;
}

export interface UserFilter {
  /** The caller: it lists the users it manages (below its data owner, the owner excluded). */
  scope: Scope;
  search?: string;
  userType?: number;
  status?: number;
  parentId?: number;
  subuser?: boolean;
}

export interface Page {
  limit: number;
  offset: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

const SORTABLE = {
  user_id: users.id,
  username: users.username,
  user_type: users.userType,
  status: users.status,
  created_at: users.createdAt,
  login_time: users.lastLoginAt,
} as const;

const parent = alias(users, 'parent');
const roleRefs = sql<{ id: number; name: string }[] | string>`(
  select coalesce(json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id}), '[]'::json)
  from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id})`;
const children = sql<number | string>`(select count(*) from ${users} c where c.parent_id = ${users.id})`;
function whereOf(f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [managedUsers(f.scope)];
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(
      or(ilike(users.username, p), ilike(users.nickName, p), ilike(users.phone, p), ilike(users.company, p)),
    );
  }
  if (f.userType !== undefined) parts.push(eq(users.userType, f.userType));
  if (f.status !== undefined) parts.push(eq(users.status, f.status));
  if (f.parentId !== undefined) parts.push(eq(users.parentId, f.parentId));
  if (f.subuser !== undefined) parts.push(eq(users.isSubuser, f.subuser));
  return and(...parts);
}

function toView(
  row: UserTableRow & {
    parentUsername: string | null;
    roleRefs: unknown;
    childrenCount: unknown;
    smsLeft: unknown;
    voiceLeft: unknown;
  },
): UserView {
  const { smsLeft, voiceLeft, ...user } = row;
  const refs = typeof row.roleRefs === 'string' ? JSON.parse(row.roleRefs) : row.roleRefs;
  return {
    ...user,
    smsCount: remainingCount(row.smsCount, smsLeft),
    voiceCount: remainingCount(row.voiceCount, voiceLeft),
    roleRefs: (refs ?? []) as UserView['roleRefs'],
    childrenCount: Number(row.childrenCount),
  };
}

export function createUserAdminRepository(db: Executor) {
  const viewSelect = (tx: Executor) =>
    tx
      .select({
        ...getUserColumns(),
        parentUsername: parent.username,
        roleRefs,
        childrenCount: children,
        smsLeft: quotaLeft('sms_quota'),
        voiceLeft: quotaLeft('voice_quota'),
      })
      .from(users)
      .leftJoin(parent, eq(parent.id, users.parentId));

  return {
    async list(
      filter: UserFilter,
      page: Page,
      tx: Executor = db,
    ): Promise<{ rows: UserView[]; total: number }> {
      const where = whereOf(filter);
      const column = SORTABLE[page.sort as keyof typeof SORTABLE] ?? users.id;
      const order = page.order === 'asc' ? asc(column) : desc(column);
      const rows = await viewSelect(tx)
        .where(where)
        .orderBy(order, desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(users).where(where);
      return { rows: rows.map(toView), total: Number(total?.n ?? 0) };
    },

    async findView(id: number, tx: Executor = db): Promise<UserView | undefined> {
      const [row] = await viewSelect(tx).where(eq(users.id, id));
      return row ? toView(row) : undefined;
    },

    async update(id: number, patch: UserPatch, tx: Executor = db): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await tx.update(users).set(patch).where(eq(users.id, id));
    },

    async replaceRoles(userId: number, roleIds: number[], tx: Executor = db): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length > 0)
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    async hasChildren(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, id)).limit(1);
      return rows.length > 0;
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, id));
    },

    /** The permissions a user's roles grant (`admin` true when one of them is the admin role). */
    async grantsOf(userId: number, tx: Executor = db): Promise<{ permissions: string[]; admin: boolean }> {
      const rows = await tx
        .select({ permissions: roles.permissions, isAdmin: roles.isAdmin })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      return {
        permissions: [...new Set(rows.flatMap((r) => r.permissions))],
        admin: rows.some((r) => r.isAdmin),
      };
    },

    async rolesByIds(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: roles.id,
          ownerUserId: roles.ownerUserId,
          permissions: roles.permissions,
          isAdmin: roles.isAdmin,
        })
        .from(roles)
        .where(inArray(roles.id, ids));
    },
  };
}

function getUserColumns() {
  return getTableColumns(users);
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
