import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from '../users/users.table.js';
import type { PricedUser } from './pricing.js';

const priced = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  userType: users.userType,
  path: users.path,
  isSubuser: users.isSubuser,
  rentFee: users.rentFee,
  smsDiscount: users.smsDiscount,
  voiceDiscount: users.voiceDiscount,
  scadaDiscount: users.scadaDiscount,
};

export type PricedRow = PricedUser & { nickName: string; path: string; isSubuser: boolean };

/** The accounts and fees that set prices (issue 20 item 5): chains of ancestors and direct children. */
export function createFeeConfigRepository(db: Executor) {
  return {
    /** The account and its ancestors, root first (the account last); [] when it does not exist. */
    async chainOf(userId: number, tx: Executor = db): Promise<PricedRow[]> {
      const [self] = await tx.select({ path: users.path }).from(users).where(eq(users.id, userId));
      if (!self) return [];
      const ids = self.path
        .split('/')
        .filter((s) => s !== '')
        .map(Number);
      return tx.select(priced).from(users).where(inArray(users.id, ids)).orderBy(sql`length(${users.path})`);
    },

    /** The accounts directly below a user (not its sub-accounts, which act in its own data). */
    async childrenOf(userId: number, tx: Executor = db): Promise<PricedRow[]> {
      return tx
        .select(priced)
        .from(users)
        .where(and(eq(users.parentId, userId), eq(users.isSubuser, false)))
        .orderBy(asc(users.username))
        .limit(500);
    },

    async setFees(
      userId: number,
      patch: Partial<Pick<PricedUser, 'rentFee' | 'smsDiscount' | 'voiceDiscount' | 'scadaDiscount'>>,
      tx: Executor = db,
    ): Promise<void> {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) return;
      await tx.update(users).set(set).where(eq(users.id, userId));
    },
  };
}

export type FeeConfigRepository = ReturnType<typeof createFeeConfigRepository>;
