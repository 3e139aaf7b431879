import { and, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RoleGrant, ScopeRow } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { roles, userRoles, users } from '../users/users.table.js';
import { loginLog, sessions } from './auth.table.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type LoginAttempt = Omit<typeof loginLog.$inferInsert, 'id'>;

/** A user that may act: enabled and not expired. */
const userIsActive = (now: Date) =>
  and(eq(users.status, 1), or(isNull(users.userExpire), gt(users.userExpire, now)));

/** A session that still signs requests: not revoked, not expired, its user enabled and not expired. */
const sessionIsLive = (now: Date) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), userIsActive(now));

/** The user columns of a ScopeRow: identity, tenancy path, parent and the roles with their permissions. */
function scopeColumns() {
  const parent = alias(users, 'parent');
  const roleList = sql<RoleGrant[]>`(
    select coalesce(json_agg(json_build_object('name', ${roles.name}, 'permissions', ${roles.permissions}, 'is_admin', ${roles.isAdmin}) order by ${roles.id}), '[]'::json)
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id})`;
  const columns = {
    userId: users.id,
    userType: users.userType,
    path: users.path,
    isDemo: users.isDemo,
    isSubuser: users.isSubuser,
    parentId: users.parentId,
    parentPath: parent.path,
    roles: roleList,
  };
  return { parent, columns };
}

/** Roles arrive as JSON text from some drivers. */
const withRoles = <T extends { roles: RoleGrant[] | string | null }>(row: T) => ({
  ...row,
  roles: (typeof row.roles === 'string' ? (JSON.parse(row.roles) as RoleGrant[]) : row.roles) ?? [],
});

export function createAuthRepository(db: Executor) {
  /**
   * Failed attempts (throttled ones excluded) since `since` and the latest one's time, by address or
   * by account from one address (`ip: null` is a caller without an address).
   */
  async function failures(
    filter: { username: string; ip: string | null } | { ip: string },
    since: Date,
    tx: Executor = db,
  ): Promise<{ count: number; last: Date | undefined }> {
    const ipIs = filter.ip === null ? isNull(loginLog.ip) : eq(loginLog.ip, filter.ip);
    const who = 'username' in filter ? and(eq(loginLog.username, filter.username), ipIs) : ipIs;
    const [row] = await tx
      .select({ n: count(), last: sql<string | Date | null>`max(${loginLog.at})` })
      .from(loginLog)
      .where(
        and(
          who,
          gt(loginLog.at, since),
          eq(loginLog.success, false),
          or(isNull(loginLog.reason), ne(loginLog.reason, 'throttled')),
        ),
      );
    return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : undefined };
  }

  return {
    async createSession(session: NewSession, tx: Executor = db): Promise<void> {
      await tx.insert(sessions).values(session);
    },

    /**
     * Session + user + roles in one query: the session is live (not revoked, not expired) and the
     * user is enabled and not expired. Undefined otherwise.
     */
    async findScopeRow(
      sessionId: string,
      userId: number,
      now: Date,
      tx: Executor = db,
    ): Promise<ScopeRow | undefined> {
      const { parent, columns } = scopeColumns();
      const [row] = await tx
        .select({ ...columns, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(parent, eq(parent.id, users.parentId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), sessionIsLive(now)));
      return row ? withRoles(row) : undefined;
    },

    /**
     * A user's scope row without a session (background work on the user's behalf, like an export job):
     * the user is enabled and not expired. Undefined otherwise.
     */
    async findUserScopeRow(userId: number, now: Date): Promise<ScopeRow | undefined> {
      const { parent, columns } = scopeColumns();
      const [row] = await db
        .select(columns)
        .from(users)
        .leftJoin(parent, eq(parent.id, users.parentId))
        .where(and(eq(users.id, userId), userIsActive(now)));
      return row ? { ...withRoles(row), sessionId: '' } : undefined;
    },

    async findSession(id: string, tx: Executor = db): Promise<SessionRow | undefined> {
      const [row] = await tx.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /** Swaps the refresh hash only if it is still the expected one; false when it was already rotated. */
    async rotateRefresh(
      id: string,
      expectedHash: string,
      nextHash: string,
      expiresAt: Date,
      now: Date,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ refreshHash: nextHash, previousRefreshHash: expectedHash, rotatedAt: now, expiresAt })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.refreshHash, expectedHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Which of these sessions are still live, in one query (the live channel re-checks its sockets). */
    async liveSessionIds(ids: readonly string[], now: Date, tx: Executor = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, [...ids]), sessionIsLive(now)));
      return new Set(rows.map((r) => r.id));
    },

    async revokeSession(id: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeOtherSessions(userId: number, keepId: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of a user (disabled, expired, password reset by a manager). */
    async revokeAllSessions(userId: number, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async logAttempt(attempt: LoginAttempt, tx: Executor = db): Promise<void> {
      await tx.insert(loginLog).values(attempt);
    },

    /** Failed attempts (throttled ones excluded) since `since`, by address or by (account, address). */
    async countFailures(filter: { ip: string }, since: Date, tx: Executor = db): Promise<number> {
      return (await failures(filter, since, tx)).count;
    },

    failures,

    /** The latest successful sign-in of an account from one address. */
    async lastSuccessAt(username: string, ip: string | null, tx: Executor = db): Promise<Date | undefined> {
      const ipIs = ip === null ? isNull(loginLog.ip) : eq(loginLog.ip, ip);
      const [row] = await tx
        .select({ at: sql<string | Date | null>`max(${loginLog.at})` })
        .from(loginLog)
        .where(and(eq(loginLog.username, username), ipIs, eq(loginLog.success, true)));
      return row?.at ? new Date(row.at) : undefined;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
