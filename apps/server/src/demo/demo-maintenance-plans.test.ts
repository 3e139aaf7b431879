import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeOfUser } from '../modules/alarms/alarms.fixtures.js';
import { createPoint } from '../modules/exports/exports.fixtures.js';
import { createMaintenanceServices } from '../modules/maintenance/maintenance.module.js';
import { createPlansRepository } from '../modules/maintenance/plans/plans.repository.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoPlans } from './demo-maintenance-plans.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account two plans once; the monthly one has raised its first order', async () => {
  const demo = await createUser(t.database, { userType: 3 });
  const device = await createDevice(t.database, { ownerUserId: demo.id, title: 'Demo pump' });
  await createPoint(t.database, device.id, { name: 'p', title: 'Pressure' });
  await ensureDemoPlans(t.database.db, demo.id);
  await ensureDemoPlans(t.database.db, demo.id);
  const scope = { ...scopeOfUser(demo), isAdmin: true };
  const plans = await createPlansRepository(t.database.db).list(scope, {}, 10, 0);
  expect(plans.rows.map((p) => [p.trigger, p.status]).sort()).toEqual([
    ['calendar', 4],
    ['threshold', 0],
  ]);
  const { orders } = createMaintenanceServices(t.database.db, () => new Date());
  const { rows } = await orders.list(scope, { page: 1, limit: 20 });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ type: 0, status: 1, assignee_id: demo.id, device_id: device.id });
  expect(rows[0]!.plan_id).toBe(plans.rows.find((p) => p.trigger === 'calendar')!.id);
});
