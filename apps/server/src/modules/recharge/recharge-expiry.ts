import type { Config } from '../../config.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import type { MerchantRow } from './merchants.repository.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { createRefundReconciler } from './refund-reconcile.js';
import { createTopUpService } from './topup.service.js';

/** How often the leader looks for unpaid top-ups past their expiry. */
export const RECHARGE_EXPIRY_TICK_MS = 60_000;

export interface RechargeExpiryDeps {
  database: Database;
  clock: () => Date;
  config: Config;
  jobs: JobLayer;
  providerFor?: (m: MerchantRow) => PaymentProvider;
  /** Where an unresolved refund's alert goes. */
  logger?: { error(object: object, message: string): void };
}

/** How often the leader looks for refunds whose next reconciliation query is due. */
export const REFUND_RECONCILE_TICK_MS = 60_000;

/**
 * The leader's ticks (DESIGN 11): timed-out top-ups are queried (a lost notification is applied),
 * closed at the provider, marked 3; refunds without an outcome are queried and settled once.
 */
export function registerRechargeExpiry(deps: RechargeExpiryDeps) {
  const box = secretBoxFor(deps.config);
  const reconcile = createRefundReconciler({
    db: deps.database.db,
    merchants: createMerchantsRepository(deps.database.db),
    box,
    clock: deps.clock,
    ...(deps.providerFor ? { providerFor: deps.providerFor } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  deps.jobs.onLeader('refund reconciliation', REFUND_RECONCILE_TICK_MS, () => reconcile());
  const service = createTopUpService({
    orders: createRechargeRepository(deps.database.db),
    merchants: createMerchantsRepository(deps.database.db),
    box,
    db: deps.database.db,
    clock: deps.clock,
    ...(deps.providerFor ? { providerFor: deps.providerFor } : {}),
  });
  const task = deps.jobs.onLeader('recharge expiry', RECHARGE_EXPIRY_TICK_MS, () => service.expireDue());
  return task;
}
