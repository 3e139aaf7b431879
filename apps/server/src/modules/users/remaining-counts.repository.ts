import { eq, getTableName, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { ledgerAccounts } from '../ledger/ledger.table.js';
import { users } from './users.table.js';

/**
 * The one rule for a user's remaining SMS / voice count (docs/ledger.md: every count shown is derived
 * from the ledger). The user column says whether the user is counted and what it started from: null is
 * 'no limit' and stays null whatever the ledger holds; otherwise the `sms_quota` / `voice_quota`
 * account's available units, or the column while the account does not exist yet (the first send seeds
 * the account from it, `platform/notices/sms-quota.ts`).
 */
export const remainingCount = (count: number | null, left: unknown): number | null =>
  count === null || left === null || left === undefined ? count : Number(left);

/**
 * The outer `users.id`, always qualified: Drizzle leaves columns of a single-table select unqualified,
 * and a bare "id" inside the subquery would be the ledger account's.
 */
const outerUserId = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;

/** The available units of the user's quota account (null without one), correlated on `users.id`. */
export const quotaLeft = (kind: 'sms_quota' | 'voice_quota') =>
  sql<
    number | string | null
  >`(select ${ledgerAccounts.posted} - ${ledgerAccounts.pendingDebits} from ${ledgerAccounts}
    where ${ledgerAccounts.kind} = ${kind} and ${ledgerAccounts.ownerUserId} = ${outerUserId})`;

export interface RemainingCounts {
  sms: number | null;
  voice: number | null;
}

/** The remaining counts of one user; undefined for an unknown user. */
export async function readRemainingCounts(
  db: Executor,
  userId: number,
): Promise<RemainingCounts | undefined> {
  const [row] = await db
    .select({
      smsCount: users.smsCount,
      voiceCount: users.voiceCount,
      smsLeft: quotaLeft('sms_quota'),
      voiceLeft: quotaLeft('voice_quota'),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    sms: remainingCount(row.smsCount, row.smsLeft),
    voice: remainingCount(row.voiceCount, row.voiceLeft),
  };
}
