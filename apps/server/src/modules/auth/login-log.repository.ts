import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { managedUsers } from '../../platform/tenancy/scope.js';
import { users } from '../users/users.table.js';
import { loginLog } from './auth.table.js';

export interface LoginLogFilter {
  /** The caller: its own attempts are always visible. */
  selfId: number;
  /** Also the attempts of the users the caller manages (below its data owner, the owner excluded). */
  scope: Scope;
  /** Also attempts that match no user (unknown usernames): platform only. */
  includeUnknown: boolean;
  username?: string;
  success?: boolean;
  from?: Date;
  to?: Date;
}

export function createLoginLogRepository(db: Executor) {
  return {
    async list(f: LoginLogFilter, page: { limit: number; offset: number }, tx: Executor = db) {
      const scoped = or(
        eq(loginLog.userId, f.selfId),
        managedUsers(f.scope),
        f.includeUnknown ? sql`${loginLog.userId} is null` : undefined,
      );
      const parts: (SQL | undefined)[] = [scoped];
      if (f.username) parts.push(ilike(loginLog.username, containsPattern(f.username)));
      if (f.success !== undefined) parts.push(eq(loginLog.success, f.success));
      if (f.from) parts.push(gte(loginLog.at, f.from));
      if (f.to) parts.push(lte(loginLog.at, f.to));
      const where = and(...parts);
      const rows = await tx
        .select({
          id: loginLog.id,
          userId: loginLog.userId,
          username: loginLog.username,
          at: loginLog.at,
          ip: loginLog.ip,
          userAgent: loginLog.userAgent,
          success: loginLog.success,
          reason: loginLog.reason,
        })
        .from(loginLog)
        .leftJoin(users, eq(users.id, loginLog.userId))
        .where(where)
        .orderBy(desc(loginLog.at), desc(loginLog.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx
        .select({ n: count() })
        .from(loginLog)
        .leftJoin(users, eq(users.id, loginLog.userId))
        .where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Registration attempts from an address since `since` (self-registration throttle). */
    async countRegistrations(ip: string, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(loginLog)
        .where(and(eq(loginLog.ip, ip), gte(loginLog.at, since), sql`${loginLog.reason} like 'register%'`));
      return Number(row?.n ?? 0);
    },
  };
}

export type LoginLogRepository = ReturnType<typeof createLoginLogRepository>;
