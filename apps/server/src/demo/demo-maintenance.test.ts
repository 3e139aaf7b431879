import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeOfUser } from '../modules/alarms/alarms.fixtures.js';
import { createWorkOrdersRepository } from '../modules/maintenance/work-orders.repository.js';
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
  const repo = createWorkOrdersRepository(t.database.db);
  const now = new Date();
  const { rows, total } = await repo.list(scopeOfUser(demo), {}, { now, soon: now, limit: 20, offset: 0 });
  expect(total).toBe(3);
  const fromAlarm = rows.find((r) => r.alarmId !== null)!;
  expect(fromAlarm).toMatchObject({ type: 1, status: 2, assigneeId: demo.id });
  expect(rows.filter((r) => r.assigneeId === demo.id)).toHaveLength(2);
  expect(rows.find((r) => r.assigneeId === null)?.status).toBe(0);
});
