/** The demo account's maintenance plans (issue 22 item 2): a calendar plan that raised its first order. */
import { ALL_PERMISSIONS, UserType } from '@fleet/contracts';
import { createPlanServices } from '../modules/maintenance/maintenance.module.js';
import type { Scope } from '../platform/auth/scope.js';
import type { Executor } from '../platform/db/client.js';
import { demoMaintenanceRepository as repo } from './demo-maintenance.repository.js';

const DAY = 86_400_000;

/** The demo owner acting on its own data (the seed goes through the same rules as the API). */
function ownerScope(ownerUserId: number, path: string): Scope {
  return {
    userId: ownerUserId,
    userType: UserType.AGENT_2,
    path,
    isAdmin: true,
    permissions: new Set(ALL_PERMISSIONS),
    roles: [],
    isDemo: false,
    sessionId: 'demo-seed',
    isSubuser: false,
    dataOwnerId: ownerUserId,
    dataPath: path,
  };
}

/**
 * Once per database (skipped when the demo account has any plan): a monthly service of the first
 * device, started, whose first order (due tomorrow, raised a week ahead) exists at once; and, when the
 * device has a point, a plan raising an order each time that point goes above a limit (not started).
 */
export async function ensureDemoPlans(db: Executor, ownerUserId: number, now = new Date()) {
  const path = await repo.userPath(db, ownerUserId);
  if (!path) return;
  const scope = ownerScope(ownerUserId, path);
  const clock = () => now;
  const { service, planCount } = createPlanServices(db, clock);
  if ((await planCount(scope)) > 0) return;
  const device = await repo.firstDevice(db, ownerUserId);
  if (!device) return;
  const monthly = await service.create(scope, {
    name: `Monthly service: ${device.title}`,
    plan_type: 0,
    target_type: 0,
    target_ids: [device.id],
    trigger: 'calendar',
    period: 1,
    time_unit: 2,
    start_date: new Date(now.getTime() + DAY).toISOString().slice(0, 10),
    due_time: '09:00',
    time_zone: 'Asia/Shanghai',
    pre_notify: 3,
    assignee_ids: [ownerUserId],
    checklist: ['Lubricate bearings', 'Check seals', 'Clean the filter'],
    description: 'Monthly preventive maintenance.',
    meter_point_id: null,
    meter_mode: 'running',
    meter_hours: null,
    threshold_op: 'above',
    threshold_value: null,
  });
  await service.act(scope, monthly.id, 'start');
  const [point] = await service.points(scope, device.id);
  if (!point) return;
  await service.create(scope, {
    name: `Inspect when ${point.title} is high`,
    plan_type: 1,
    target_type: 0,
    target_ids: [device.id],
    trigger: 'threshold',
    period: 1,
    time_unit: 2,
    start_date: now.toISOString().slice(0, 10),
    due_time: '09:00',
    time_zone: 'Asia/Shanghai',
    pre_notify: 0,
    assignee_ids: [ownerUserId],
    checklist: ['Find the cause', 'Record the reading'],
    description: 'Raised once each time the value crosses the limit.',
    meter_point_id: point.id,
    meter_mode: 'running',
    meter_hours: null,
    threshold_op: 'above',
    threshold_value: point.value !== null ? Math.ceil(Math.abs(point.value) * 1.5 + 1) : 100,
  });
}
