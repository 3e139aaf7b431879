import type { MaintenanceStats } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { insertAlarm } from '../../alarms/alarms.fixtures.js';
import { parseCsv } from '../../exports/exports.fixtures.js';
import { ledgerAssets } from '../assets/assets.table.js';
import { createMaintenanceUser, TECHNICIAN } from '../work-orders.fixtures.js';
import { workOrders } from '../work-orders.table.js';
import { mtbfHours, mttrHours } from './stats.service.js';

type User = Awaited<ReturnType<typeof createMaintenanceUser>>;
let t: TestApp;
let manager: User;
let tech: User;
let other: User;
let pumpId: number;
let fanId: number;
let assetId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createMaintenanceUser(t, ['maintenance.Stats/index', 'ExportFile']);
  tech = await createMaintenanceUser(t, TECHNICIAN, {
    parentId: manager.user.id,
    isSubuser: true,
    nickName: 'Tom Tech',
  });
  other = await createMaintenanceUser(t, ['maintenance.Stats/index']);
  pumpId = (await createDevice(t.database, { ownerUserId: manager.user.id, title: 'Pump' })).id;
  fanId = (await createDevice(t.database, { ownerUserId: manager.user.id, title: 'Fan' })).id;
  const foreignId = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign' })).id;
  const now = t.clock().getTime();
  const ago = (h: number) => new Date(now - h * HOUR);
  const insert = (values: typeof workOrders.$inferInsert) => t.database.db.insert(workOrders).values(values);
  const order = (values: Partial<typeof workOrders.$inferInsert>) =>
    insert({ ownerUserId: manager.user.id, type: 1, title: 'Repair', ...values });
  const alarm = await insertAlarm(t.database, { deviceId: pumpId, at: ago(50) });
  // Pump: failure at the alarm (50 h ago), closed 40 h ago = 10 h; a second raised 20 h ago, closed in 2 h.
  await order({
    deviceId: pumpId,
    alarmId: alarm.id,
    status: 3,
    assigneeId: tech.user.id,
    createdAt: ago(49),
    closedAt: ago(40),
  });
  await order({
    deviceId: pumpId,
    status: 3,
    assigneeId: tech.user.id,
    createdAt: ago(20),
    closedAt: ago(18),
  });
  // Pump: a failure older than the 7-day window does not count.
  await order({
    deviceId: pumpId,
    status: 3,
    assigneeId: tech.user.id,
    createdAt: ago(24 * 10),
    closedAt: ago(24 * 9),
  });
  // Fan: an open planned order past due (overdue), and an open repair.
  await order({
    deviceId: fanId,
    type: 0,
    status: 1,
    assigneeId: tech.user.id,
    createdAt: ago(30),
    dueAt: ago(1),
  });
  await order({ deviceId: fanId, status: 0, createdAt: ago(5) });
  // A device ledger asset without a device: failures 30 h ago (closed in 4 h) and 10 h ago (in 1 h).
  const [pumpAsset] = await t.database.db
    .insert(ledgerAssets)
    .values({ ownerUserId: manager.user.id, code: 'PUMP-9', name: 'Station pump' })
    .returning({ id: ledgerAssets.id });
  assetId = pumpAsset!.id;
  await order({ assetId, status: 3, createdAt: ago(30), closedAt: ago(26) });
  await order({ assetId, status: 3, createdAt: ago(10), closedAt: ago(9) });
  // Another tenant's orders never count.
  await insert({
    ownerUserId: other.user.id,
    type: 1,
    title: 'x',
    deviceId: foreignId,
    status: 3,
    createdAt: ago(3),
    closedAt: ago(1),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('maintenance figures', () => {
  it('computes MTTR, MTBF, overdue and work by technician on fixed data', async () => {
    const res = await call<MaintenanceStats>(t.app, 'GET', '/maintenance/stats?days=7', {
      token: manager.token,
    });
    expect(res.body.code).toBe(0);
    const stats = res.body.data;
    // Repairs of 10, 2, 4 and 1 h; the tenant's MTBF is the mean of its devices' (the pump's 30 h).
    expect(stats.totals).toEqual({
      failures: 5,
      repaired: 4,
      mttr_hours: 4.25,
      mtbf_hours: 30,
      overdue: 1,
      closed: 2,
    });
    expect(stats.devices).toEqual([
      {
        device_id: pumpId,
        device_title: 'Pump',
        failures: 2,
        repaired: 2,
        mttr_hours: 6,
        mtbf_hours: 30,
        overdue: 0,
      },
      {
        device_id: fanId,
        device_title: 'Fan',
        failures: 1,
        repaired: 0,
        mttr_hours: null,
        mtbf_hours: null,
        overdue: 1,
      },
    ]);
    expect(stats.assets).toEqual([
      {
        asset_id: assetId,
        asset_title: 'PUMP-9 Station pump',
        failures: 2,
        repaired: 2,
        mttr_hours: 2.5,
        mtbf_hours: 20,
        overdue: 0,
      },
    ]);
    // Created 49 h ago closed 40 h ago (9 h) and 20 h ago closed 18 h ago (2 h): 5.5 h.
    expect(stats.technicians).toEqual([
      { assignee_id: tech.user.id, name: 'Tom Tech', closed: 2, mean_close_hours: 5.5, overdue: 1 },
    ]);
  });

  it('widens with the window, filters by device, and refuses other windows', async () => {
    const month = (
      await call<MaintenanceStats>(t.app, 'GET', '/maintenance/stats?days=30', { token: manager.token })
    ).body.data;
    expect(month.totals.failures).toBe(6);
    const fan = (
      await call<MaintenanceStats>(t.app, 'GET', `/maintenance/stats?days=7&device_id=${fanId}`, {
        token: manager.token,
      })
    ).body.data;
    expect(fan.devices.map((d) => d.device_id)).toEqual([fanId]);
    expect((await call(t.app, 'GET', '/maintenance/stats?days=8', { token: manager.token })).body.code).toBe(
      10002,
    );
    expect((await call(t.app, 'GET', '/maintenance/stats', { token: tech.token })).body.code).toBe(10001);
  });

  it('shows another tenant none of these', async () => {
    const theirs = (
      await call<MaintenanceStats>(t.app, 'GET', '/maintenance/stats?days=7', { token: other.token })
    ).body.data;
    expect(theirs.totals.failures).toBe(1);
    expect(theirs.devices.map((d) => d.device_title)).toEqual(['Foreign']);
  });

  it('exports the figures through the background export jobs', async () => {
    const res = await call<{ id: number }>(t.app, 'POST', '/dataCenter/export', {
      token: manager.token,
      body: { kind: 'maintstats', params: { days: '7' }, format: 'csv', lang: 'en', tz: 'UTC' },
    });
    expect(res.body.code).toBe(0);
    await t.app.exportWorker.runOnce();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dataCenter/fileDownload/${res.body.data.id}/file`,
      headers: { 'x-token': manager.token },
    });
    const rows = parseCsv(file.rawPayload.toString('utf8'));
    expect(rows[0]).toEqual([
      'Type',
      'Name',
      'Failures',
      'Repaired',
      'MTTR (h)',
      'MTBF (h)',
      'Orders closed',
      'Mean close (h)',
      'Overdue',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['Device', 'Pump', '2', '2', '6', '30'],
      ['Device', 'Fan', '1', '0', '', ''],
      ['Asset', 'PUMP-9 Station pump', '2', '2', '2.5', '20'],
      ['Technician', 'Tom Tech', '', '', '', ''],
    ]);
    const refused = await call(t.app, 'POST', '/dataCenter/export', {
      token: tech.token,
      body: { kind: 'maintstats', params: {} },
    });
    expect(refused.body.code).toBe(10001);
  });

  it('MTTR counts closed repairs only; MTBF needs two failures', () => {
    const f = (start: number, close: number | null, status = 3) => ({
      deviceId: 1,
      deviceTitle: '',
      assetId: null,
      assetTitle: null,
      status,
      startedAt: new Date(start * HOUR),
      closedAt: close === null ? null : new Date(close * HOUR),
    });
    expect(mttrHours([f(0, 3), f(10, null, 1)])).toBe(3);
    expect(mttrHours([f(10, null, 1)])).toBeNull();
    expect(mtbfHours([f(0, 1)])).toBeNull();
    expect(mtbfHours([f(100, 101), f(0, 1), f(40, 41)])).toBe(50);
  });
});
