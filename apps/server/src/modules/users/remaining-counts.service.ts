import type { Executor } from '../../platform/db/client.js';
import { type RemainingCounts, readRemainingCounts } from './remaining-counts.repository.js';

export type { RemainingCounts };

/**
 * A user's remaining SMS / voice counts, derived from the ledger (docs/ledger.md); what other modules
 * (the fee overview) ask of the users module. Undefined for an unknown user.
 */
export function remainingCountsOf(db: Executor, userId: number): Promise<RemainingCounts | undefined> {
  return readRemainingCounts(db, userId);
}
