import type { Config } from '../../config.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import type { JobLayer } from '../../platform/jobs/job-layer.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import type { MerchantRow } from './merchants.repository.js';
import { createMerchantsRepository } from './merchants.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { createTopUpService } from './topup.service.js';

/** How often the leader looks for unpaid top-ups past their expiry. */
export const RECHARGE_EXPIRY_TICK_MS = 60_000;

export interface RechargeExpiryDeps {
  database: Database;
  clock: () => Date;
  config: Config;
  jobs: JobLayer;
  providerFor?: (m: MerchantRow) => PaymentProvider;
}

/** The leader's tick (DESIGN 11): timed-out top-ups are queried, closed at the provider, marked 3. */
export function registerRechargeExpiry(deps: RechargeExpiryDeps) {
  const service = createTopUpService({
    orders: createRechargeRepository(deps.database.db),
    merchants: createMerchantsRepository(deps.database.db),
    box: secretBoxFor(deps.config),
    db: deps.database.db,
    clock: deps.clock,
    ...(deps.providerFor ? { providerFor: deps.providerFor } : {}),
  });
  const task = deps.jobs.onLeader('recharge expiry', RECHARGE_EXPIRY_TICK_MS, () => service.expireDue());
  return task;
}
