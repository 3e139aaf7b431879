import { afterAll, beforeAll, expect, it } from 'vitest';
import { scopeOfUser } from '../modules/alarms/alarms.fixtures.js';
import { createAssetsRepository } from '../modules/maintenance/assets/assets.repository.js';
import { createAssetsService } from '../modules/maintenance/assets/assets.service.js';
import { createDevice, createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoAssets } from './demo-assets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account four assets once: two linked to its devices, one near its warranty end', async () => {
  const demo = await createUser(t.database, { userType: 3 });
  const pump = await createDevice(t.database, { ownerUserId: demo.id, title: 'Demo pump' });
  await createDevice(t.database, { ownerUserId: demo.id, title: 'Demo sensor' });
  const now = new Date('2026-06-01T08:00:00Z');
  await ensureDemoAssets(t.database.db, demo.id, now);
  await ensureDemoAssets(t.database.db, demo.id, now);
  const service = createAssetsService({ repo: createAssetsRepository(t.database.db), clock: () => now });
  const scope = { ...scopeOfUser(demo), isAdmin: true };
  const { rows, total } = await service.list(scope, { page: 1, limit: 20 });
  expect(total).toBe(4);
  expect(rows.filter((r) => r.device_id !== null)).toHaveLength(2);
  const first = rows.find((r) => r.code === 'PUMP-001')!;
  expect(first).toMatchObject({ device_id: pump.id, warranty: 'expiring', warranty_days: 12 });
  expect(rows.map((r) => r.warranty).sort()).toEqual(['expiring', 'in', 'none', 'out']);
  expect((await service.detail(scope, first.id)).work_orders).toHaveLength(1);
});
