import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { type RemainingCounts, readRemainingCounts } from './remaining-counts.repository.js';
import { roles, userRoles, users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'path' | 'parentId'> & {
  parentId?: number | null;
};
export type ProfilePatch = Partial<
  Pick<UserRow, 'nickName' | 'phone' | 'email' | 'company' | 'address' | 'bigscreenTitle'>
>;

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByUsername(username: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.username, username));
      return row;
    },

    async findFirstOfType(userType: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.userType, userType))
        .orderBy(asc(users.id))
        .limit(1);
      return row;
    },

    /**
     * Inserts a user below `parentId` and sets its ancestor path ('/<ancestors>/<id>/').
     * Returns undefined when the username is taken.
     */
    async create(input: NewUser, tx?: Executor): Promise<UserRow | undefined> {
      const run = async (t: Executor) => {
        const [inserted] = await t
          .insert(users)
          .values({ ...input, path: '/' })
          .onConflictDoNothing({ target: users.username })
          .returning({ id: users.id });
        if (!inserted) return undefined;
        const [parent] = input.parentId
          ? await t.select({ path: users.path }).from(users).where(eq(users.id, input.parentId))
          : [];
        const path = `${parent?.path ?? '/'}${inserted.id}/`;
        const [row] = await t.update(users).set({ path }).where(eq(users.id, inserted.id)).returning();
        return row;
      };
      return tx ? run(tx) : db.transaction(run);
    },

    async updateProfile(id: number, patch: ProfilePatch, tx: Executor = db): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await tx.update(users).set(patch).where(eq(users.id, id));
    },

    async setStatus(id: number, status: number, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ status }).where(eq(users.id, id));
    },

    async updatePasswordHash(id: number, passwordHash: string, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    async recordLogin(id: number, at: Date, ip: string | null, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ lastLoginAt: at, lastLoginIp: ip }).where(eq(users.id, id));
    },

    /** The user's remaining SMS / voice counts, derived from the ledger (remaining-counts.ts). */
    async remainingCounts(id: number, tx: Executor = db): Promise<RemainingCounts | undefined> {
      return readRemainingCounts(tx, id);
    },

    async roleNamesOf(userId: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(roles.id));
      return rows.map((r) => r.name);
    },

    /** Creates or updates a system role (owner null) and returns its id. */
    async upsertSystemRole(
      name: string,
      permissions: string[],
      isAdmin: boolean,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(roles)
        .values({ name, permissions, isAdmin, ownerUserId: null })
        .onConflictDoUpdate({
          target: [roles.ownerUserId, roles.name],
          set: { permissions: sql`excluded.permissions`, isAdmin: sql`excluded.is_admin` },
        })
        .returning({ id: roles.id });
      return row!.id;
    },

    async findSystemRoleId(name: string, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(isNull(roles.ownerUserId), eq(roles.name, name)));
      return row?.id;
    },

    async createRole(
      input: { ownerUserId: number | null; name: string; permissions: string[]; isAdmin?: boolean },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx.insert(roles).values(input).returning({ id: roles.id });
      return row!.id;
    },

    async assignRole(userId: number, roleId: number, tx: Executor = db): Promise<void> {
      await tx.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    },

    async hasRole(userId: number, roleId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
      return rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
