import type { Scope } from '../../platform/auth/scope.js';
import type { Executor } from '../../platform/db/client.js';
import { createUserNotices } from '../../platform/notices/user-notices.js';
import { createAlarmDispatch } from '../alarms/alarm-dispatch.service.js';
import { createAssetsRepository } from './assets/assets.repository.js';
import { createAssetsService } from './assets/assets.service.js';
import { createEnforcementRepository } from './enforcement/enforcement.repository.js';
import { createEnforcementService } from './enforcement/enforcement.service.js';
import { createPlanGeneratorFor } from './plans/plans.generator.js';
import { createPlansRepository } from './plans/plans.repository.js';
import { createPlansService } from './plans/plans.service.js';
import { createWorkOrderActions } from './work-order-actions.service.js';
import { createWorkOrdersRepository } from './work-orders.repository.js';
import { createWorkOrdersService } from './work-orders.service.js';

/** The work order services wired once (routes, the DEMO=1 seed): orders, and the actions on them. */
export function createMaintenanceServices(db: Executor, clock: () => Date) {
  const repo = createWorkOrdersRepository(db);
  const notices = createUserNotices(db);
  const orders = createWorkOrdersService({ repo, alarms: createAlarmDispatch(db), notices, clock });
  const actions = createWorkOrderActions({ repo, notices, clock, detail: orders.detail });
  return { repo, orders, actions };
}

/** The device ledger's service wired once (the DEMO=1 seed). */
export function createAssetServices(db: Executor, clock: () => Date) {
  return createAssetsService({ repo: createAssetsRepository(db), clock });
}

/** Law enforcement records wired once (the DEMO=1 seed): the service, and how long a tenant's chain is. */
export function createEnforcementServices(db: Executor, clock: () => Date) {
  const repo = createEnforcementRepository(db);
  const { repo: workOrdersRepo, orders } = createMaintenanceServices(db, clock);
  return {
    service: createEnforcementService({ repo, workOrdersRepo, orders, clock }),
    chainLength: (ownerUserId: number) => repo.chainLength(ownerUserId),
  };
}

/** Maintenance plans wired once (the DEMO=1 seed): the service, and the plans of a scope. */
export function createPlanServices(db: Executor, clock: () => Date) {
  const plans = createPlansRepository(db);
  return {
    service: createPlansService({
      plans,
      orders: createWorkOrdersRepository(db),
      clock,
      raiseDue: createPlanGeneratorFor(db, clock).raiseDue,
    }),
    planCount: async (scope: Scope) => (await plans.list(scope, {}, 1, 0)).total,
  };
}
