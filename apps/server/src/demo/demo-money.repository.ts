import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../modules/users/users.table.js';
import type { Executor } from '../platform/db/client.js';

/** The DEMO=1 seed's writes outside the ledger (straight writes under the demo account, like demo-fleet). */
export const demoMoneyRepository = {
  /** Makes the demo a counted SMS account starting from `count`, unless it already is one. */
  async countSms(db: Executor, ownerUserId: number, count: number): Promise<void> {
    await db
      .update(users)
      .set({ smsCount: count })
      .where(and(eq(users.id, ownerUserId), isNull(users.smsCount)));
  },
};
