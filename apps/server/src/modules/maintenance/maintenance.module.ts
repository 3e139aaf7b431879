import type { Executor } from '../../platform/db/client.js';
import { createUserNotices } from '../../platform/notices/user-notices.js';
import { createAlarmDispatch } from '../alarms/alarm-dispatch.service.js';
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
