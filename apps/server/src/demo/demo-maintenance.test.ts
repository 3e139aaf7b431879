import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeOfUser } from '../modules/alarms/alarms.fixtures.js';
import { createMaintenanceServices } from '../modules/maintenance/maintenance.module.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoWorkOrders } from './demo-maintenance.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account three work orders once: one from an alarm, two assigned to it', async () => {
  const demo = await createUser(t.database, { userType: 3 });
  await createDevice(t.database, { ownerUserId: demo.id, title: 'Demo pump' });
  await ensureDemoWorkOrders(t.database.db, demo.id);
  await ensureDemoWorkOrders(t.database.db, demo.id);
  const { orders } = createMaintenanceServices(t.database.db, () => new Date());
  const scope = { ...scopeOfUser(demo), isAdmin: true };
  const { rows, total } = await orders.list(scope, { page: 1, limit: 20 });
  expect(total).toBe(3);
  const fromAlarm = rows.find((r) => r.alarm_id !== null)!;
  expect(fromAlarm).toMatchObject({ type: 1, status: 2, assignee_id: demo.id });
  expect(rows.filter((r) => r.assignee_id === demo.id)).toHaveLength(2);
  expect(rows.find((r) => r.assignee_id === null)).toMatchObject({ status: 0, overdue: true });
});
