/** The demo account's work orders (issue 22): a repair raised from an alarm and planned maintenance. */
import { ALL_PERMISSIONS, UserType } from '@fleet/contracts';
import { createMaintenanceServices } from '../modules/maintenance/maintenance.module.js';
import type { Scope } from '../platform/auth/scope.js';
import type { Executor } from '../platform/db/client.js';
import { demoMaintenanceRepository as repo } from './demo-maintenance.repository.js';

const HOUR = 3_600_000;

/** The demo owner acting on its own data (the seed goes through the same rules as the API). */
export function ownerScope(ownerUserId: number, path: string): Scope {
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
 * Once per database (skipped when the demo account has any work order): a repair raised from a demo
 * alarm (which becomes dispatched) and accepted by the demo user, planned maintenance dispatched to it
 * and due within hours, and an overdue repair still waiting to be dispatched.
 */
export async function ensureDemoWorkOrders(db: Executor, ownerUserId: number, now = new Date()) {
  if ((await repo.orderCount(db, ownerUserId)) > 0) return;
  const path = await repo.userPath(db, ownerUserId);
  if (!path) return;
  const owner = { id: ownerUserId, path };
  const device = await repo.firstDevice(db, owner.id);
  if (!device) return;
  const scope = ownerScope(owner.id, owner.path);
  const { orders: service, actions } = createMaintenanceServices(db, () => now);

  const alarm = (await repo.openAlarm(db, owner.id)) ?? {
    id: await repo.insertAlarm(db, device.id, new Date(now.getTime() - 2 * HOUR)),
  };
  const repair = await service.create(scope, {
    type: 1,
    title: `Repair: ${device.title}`,
    description: 'Outlet pressure above 8 bar: check the relief valve and the pressure sensor.',
    alarm_id: alarm.id,
    repair_type: 0,
    priority: 2,
    due_at: new Date(now.getTime() + 20 * HOUR),
    assignee_id: owner.id,
    checklist: ['Check the relief valve', 'Calibrate the pressure sensor', 'Test run 10 minutes'],
  });
  await actions.act(scope, repair.id, { event: 'accept', note: 'On my way' });
  await service.create(scope, {
    type: 0,
    title: 'Quarterly pump maintenance',
    description: 'Lubricate bearings, check seals and belts.',
    priority: 1,
    due_at: new Date(now.getTime() + 6 * HOUR),
    assignee_id: owner.id,
    checklist: ['Lubricate bearings', 'Check seals', 'Check belt tension'],
  });
  await service.create(scope, {
    type: 1,
    title: `Noise from ${device.title}`,
    description: 'Reported by the night shift.',
    device_id: device.id,
    repair_type: 1,
    priority: 1,
    due_at: new Date(now.getTime() - 3 * HOUR),
    checklist: [],
  });
}
