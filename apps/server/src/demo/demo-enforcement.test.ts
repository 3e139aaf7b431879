import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeOfUser } from '../modules/alarms/alarms.fixtures.js';
import { createEnforcementRepository } from '../modules/maintenance/enforcement/enforcement.repository.js';
import { createEnforcementService } from '../modules/maintenance/enforcement/enforcement.service.js';
import { createMaintenanceServices } from '../modules/maintenance/maintenance.module.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoEnforcement } from './demo-enforcement.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account three chained records once, intact, one handled as a work order', async () => {
  const demo = await createUser(t.database, { userType: 3 });
  await createDevice(t.database, { ownerUserId: demo.id, title: 'Demo pump' });
  await ensureDemoEnforcement(t.database.db, demo.id);
  await ensureDemoEnforcement(t.database.db, demo.id);
  const { repo: workOrdersRepo, orders } = createMaintenanceServices(t.database.db, () => new Date());
  const service = createEnforcementService({
    repo: createEnforcementRepository(t.database.db),
    workOrdersRepo,
    orders,
    clock: () => new Date(),
  });
  const scope = { ...scopeOfUser(demo), isAdmin: true };
  const { rows, total } = await service.list(scope, { page: 1, limit: 20 });
  expect(total).toBe(3);
  expect(rows.map((r) => r.seq)).toEqual([3, 2, 1]);
  expect(rows[0]).toMatchObject({ type: 'rectification', order_status: 0, device_title: 'Demo pump' });
  expect(await service.verify(scope)).toMatchObject({ intact: true, checked: 3, total: 3 });
});
