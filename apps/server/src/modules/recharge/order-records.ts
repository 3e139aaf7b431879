import type { Executor } from '../../platform/db/client.js';
import { createRechargeRepository, type NewOrder, type OrderRow } from './recharge.repository.js';

/**
 * Writing order rows as they are, for seeds that build a history (DEMO=1): no provider, no ledger.
 * The money of such orders is the caller's to move through the ledger.
 */
export function recordOrder(db: Executor, order: NewOrder): Promise<OrderRow> {
  return createRechargeRepository(db).insert(order);
}
