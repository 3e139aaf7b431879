import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { managedUsers } from '../../platform/tenancy/scope.js';
import { users } from './users.table.js';

const parent = alias(users, 'parent');

/** Register users (user_type 5) below a data owner. */
export function createRegisterListRepository(db: Executor) {
  return {
    async list(
      filter: { scope: Scope; search?: string },
      page: { limit: number; offset: number },
      tx: Executor = db,
    ) {
      const p = filter.search ? containsPattern(filter.search) : undefined;
      const where = and(
        managedUsers(filter.scope),
        eq(users.userType, 5),
        p ? or(ilike(users.username, p), ilike(users.nickName, p), ilike(users.phone, p)) : undefined,
      );
      const rows = await tx
        .select({
          id: users.id,
          username: users.username,
          nickName: users.nickName,
          phone: users.phone,
          email: users.email,
          status: users.status,
          parentId: users.parentId,
          parentUsername: parent.username,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
          userExpire: users.userExpire,
        })
        .from(users)
        .leftJoin(parent, eq(parent.id, users.parentId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(users).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type RegisterListRepository = ReturnType<typeof createRegisterListRepository>;
