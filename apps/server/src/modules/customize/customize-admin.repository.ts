import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { users } from '../users/users.table.js';
import { customize } from './customize.table.js';

export type CustomizePatch = Partial<
  Pick<typeof customize.$inferInsert, 'domain' | 'platformTitle' | 'bigscreenTitle' | 'ownerUserId'>
>;

const columns = {
  id: customize.id,
  domain: customize.domain,
  platformTitle: customize.platformTitle,
  bigscreenTitle: customize.bigscreenTitle,
  ownerUserId: customize.ownerUserId,
  ownerUsername: users.username,
  createdAt: customize.createdAt,
};
export type CustomizeView = {
  id: number;
  domain: string;
  platformTitle: string | null;
  bigscreenTitle: string | null;
  ownerUserId: number | null;
  ownerUsername: string | null;
  createdAt: Date;
};

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Customization rows for the platform's management screens (user type 0). */
export function createCustomizeAdminRepository(db: Executor) {
  const select = (tx: Executor) =>
    tx.select(columns).from(customize).leftJoin(users, eq(users.id, customize.ownerUserId));
  return {
    async list(search: string | undefined, page: { limit: number; offset: number }, tx: Executor = db) {
      const p = search ? containsPattern(search) : undefined;
      const where = p ? or(ilike(customize.domain, p), ilike(customize.platformTitle, p)) : undefined;
      const rows: CustomizeView[] = await select(tx)
        .where(where)
        .orderBy(asc(customize.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(customize).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findById(id: number, tx: Executor = db): Promise<CustomizeView | undefined> {
      const [row] = await select(tx).where(eq(customize.id, id));
      return row;
    },

    /** The first customization a user owns (its platform title). */
    async findByOwner(ownerUserId: number, tx: Executor = db): Promise<CustomizeView | undefined> {
      const [row] = await select(tx)
        .where(eq(customize.ownerUserId, ownerUserId))
        .orderBy(asc(customize.id))
        .limit(1);
      return row;
    },

    /** Undefined when the domain is taken. */
    async create(input: CustomizePatch & { domain: string }, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .insert(customize)
        .values(input)
        .onConflictDoNothing()
        .returning({ id: customize.id });
      return row?.id;
    },

    /** False when the new domain is taken. */
    async update(id: number, patch: CustomizePatch, tx: Executor = db): Promise<boolean> {
      if (Object.keys(patch).length === 0) return true;
      try {
        await tx.update(customize).set(patch).where(eq(customize.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(customize).where(eq(customize.id, id));
    },
  };
}

export type CustomizeAdminRepository = ReturnType<typeof createCustomizeAdminRepository>;
