import type { AlarmLogRow, ListResult, WorkOrderNoticeRow, WorkOrderRow } from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertAlarm } from '../alarms/alarms.fixtures.js';
import { PNG_BYTES } from '../graphlib/graphlib.fixtures.js';
import { createSystemRepository } from '../system/system.repository.js';
import { createWorkOrderDueTick } from './work-orders.due.js';
import {
  act,
  createMaintenanceUser,
  createOrder,
  jpegWithExif,
  MANAGER,
  TECHNICIAN,
  uploadFile,
} from './work-orders.fixtures.js';

type User = Awaited<ReturnType<typeof createMaintenanceUser>>;
let t: TestApp;
let manager: User;
let tech: User;
let bystander: User;
let other: User;
let deviceId: number;
let otherDeviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createMaintenanceUser(t, MANAGER, { nickName: 'Mia Manager' });
  tech = await createMaintenanceUser(t, TECHNICIAN, {
    parentId: manager.user.id,
    isSubuser: true,
    nickName: 'Tom Tech',
  });
  bystander = await createMaintenanceUser(t, TECHNICIAN, { parentId: manager.user.id, isSubuser: true });
  other = await createMaintenanceUser(t, MANAGER);
  deviceId = (await createDevice(t.database, { ownerUserId: manager.user.id, title: 'Pump 1' })).id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign pump' })).id;
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query = '') =>
  call<ListResult<WorkOrderRow>>(t.app, 'GET', `/maintenance/work-orders${query}`, { token });

describe('work orders: the whole life of a repair raised from an alarm', () => {
  it('raises, dispatches, accepts, records work with a photo and signature, closes; the alarm is dispatched', async () => {
    const alarm = await insertAlarm(t.database, { deviceId, at: new Date() });
    const created = await createOrder(t.app, manager.token, {
      alarm_id: alarm.id,
      assignee_id: tech.user.id,
      checklist: ['Check seal', 'Test run'],
      due_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(created.body.code).toBe(0);
    const order = created.body.data;
    expect(order).toMatchObject({
      type: 1,
      status: 1,
      repair_type: 0,
      device_id: deviceId,
      device_title: 'Pump 1',
      alarm_id: alarm.id,
      assignee_name: 'Tom Tech',
      created_by_name: 'Mia Manager',
      due_soon: true,
      plan_id: null,
      asset_id: null,
      record_id: null,
    });
    expect(order.history.map((h) => [h.event, h.from_status, h.to_status])).toEqual([
      ['create', null, 0],
      ['dispatch', 0, 1],
    ]);
    const alarms = await call<ListResult<AlarmLogRow>>(
      t.app,
      'GET',
      `/event/alarmlog?device_id=${deviceId}`,
      {
        token: manager.token,
      },
    );
    expect(alarms.body.data.rows.find((a) => a.id === alarm.id)?.dispatch_status).toBe(1);

    // One open repair per alarm.
    const again = await createOrder(t.app, manager.token, { alarm_id: alarm.id });
    expect(again.body).toMatchObject({ code: 20000, msg_key: 'maintenance.alarmHasOrder' });

    const notices = await call<WorkOrderNoticeRow[]>(t.app, 'GET', '/maintenance/notices', {
      token: tech.token,
    });
    expect(notices.body.data).toMatchObject([{ kind: 'dispatched', order_id: order.id, read: false }]);

    // The technician sees it in "My work orders"; the manager alone may not accept it.
    expect((await list(tech.token)).body.data.rows.map((r) => r.id)).toEqual([order.id]);
    expect((await act(t.app, manager.token, order.id, 'accept')).body).toMatchObject({
      msg_key: 'maintenance.transitionRefused',
    });
    expect((await act(t.app, bystander.token, order.id, 'accept')).body.code).toBe(10001);
    const accepted = await act(t.app, tech.token, order.id, 'accept');
    expect(accepted.body.data).toMatchObject({ status: 2, allowed_events: ['return', 'record', 'close'] });

    const photo = await uploadFile(t.app, tech.token, order.id, jpegWithExif(), 'photo', 'image/jpeg');
    expect(photo).toMatchObject({ code: 0, data: { kind: 'photo', mime: 'image/jpeg' } });
    const signature = await uploadFile(t.app, tech.token, order.id, PNG_BYTES, 'signature');
    expect(signature.code).toBe(0);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/maintenance/work-orders/${order.id}/files/${photo.data.hash}`,
      headers: { 'x-token': manager.token },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(stored.rawPayload.includes(Buffer.from('GPS'))).toBe(false);

    const recorded = await act(t.app, tech.token, order.id, 'record', {
      note: 'Seal replaced',
      photos: [photo.data.hash],
      signature: signature.data.hash,
      checklist: [{ index: 0, done: true }],
      parts: [{ name: 'Seal ring', qty: 2 }],
    });
    expect(recorded.body.code).toBe(0);
    expect(recorded.body.data.checklist).toEqual([
      { label: 'Check seal', done: true, note: '' },
      { label: 'Test run', done: null, note: '' },
    ]);
    const closed = await act(t.app, tech.token, order.id, 'close', { note: 'Runs again' });
    expect(closed.body.data).toMatchObject({ status: 3, allowed_events: [] });
    expect(closed.body.data.closed_at).not.toBeNull();
    const last = closed.body.data.history.at(-2)!;
    expect(last).toMatchObject({
      event: 'record',
      actor_name: 'Tom Tech',
      photos: [photo.data.hash],
      signature: signature.data.hash,
      parts: [{ name: 'Seal ring', qty: 2 }],
    });
    // Final: nobody acts on a closed order.
    const reopen = await act(t.app, manager.token, order.id, 'dispatch', { assignee_id: tech.user.id });
    expect(reopen.body).toMatchObject({ code: 20000, msg_key: 'maintenance.transitionRefused' });
  });

  it('keeps the history append-only in the database', async () => {
    await expect(t.database.db.execute(sql`UPDATE work_order_history SET note = 'forged'`)).rejects.toThrow();
  });
});

describe('work orders: refusals', () => {
  it('refuses another tenant’s device, alarm and order, and an assignee outside the tenant', async () => {
    const foreignAlarm = await insertAlarm(t.database, { deviceId: otherDeviceId, at: new Date() });
    expect((await createOrder(t.app, manager.token, { device_id: otherDeviceId })).body).toMatchObject({
      code: 10002,
      msg_key: 'maintenance.unknownDevice',
    });
    expect((await createOrder(t.app, manager.token, { alarm_id: foreignAlarm.id })).body).toMatchObject({
      code: 10002,
      msg_key: 'maintenance.unknownAlarm',
    });
    expect((await createOrder(t.app, manager.token, { assignee_id: other.user.id })).body).toMatchObject({
      code: 10002,
      msg_key: 'maintenance.unknownAssignee',
    });
    const mine = (await createOrder(t.app, manager.token, { device_id: deviceId })).body.data;
    const theirs = await call(t.app, 'GET', `/maintenance/work-orders/${mine.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect((await act(t.app, other.token, mine.id, 'end', { note: 'no' })).status).toBe(404);
    expect((await list(other.token)).body.data.rows.map((r) => r.id)).not.toContain(mine.id);
    const dispatchOut = await act(t.app, manager.token, mine.id, 'dispatch', { assignee_id: other.user.id });
    expect(dispatchOut.body).toMatchObject({ msg_key: 'maintenance.unknownAssignee' });
  });

  it('refuses bad uploads, files of other orders and a bystander', async () => {
    const order = (await createOrder(t.app, manager.token, { assignee_id: tech.user.id })).body.data;
    await act(t.app, tech.token, order.id, 'accept');
    const svg = await uploadFile(
      t.app,
      tech.token,
      order.id,
      Buffer.from('<svg onload="alert(1)"/>'),
      'photo',
      'image/png',
    );
    expect(svg).toMatchObject({ code: 10002, msg_key: 'maintenance.unsupportedImage' });
    const jpegSignature = await uploadFile(
      t.app,
      tech.token,
      order.id,
      jpegWithExif(),
      'signature',
      'image/jpeg',
    );
    expect(jpegSignature).toMatchObject({ msg_key: 'maintenance.signatureKind' });
    const big = await uploadFile(t.app, tech.token, order.id, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(big).toMatchObject({ code: 10002, msg_key: 'maintenance.fileTooLarge' });
    expect((await uploadFile(t.app, bystander.token, order.id, PNG_BYTES)).code).not.toBe(0);
    const stray = await act(t.app, tech.token, order.id, 'record', { photos: ['a'.repeat(64)] });
    expect(stray.body).toMatchObject({ msg_key: 'maintenance.unknownFile' });
    const photo = await uploadFile(t.app, tech.token, order.id, PNG_BYTES);
    const asSignature = await act(t.app, tech.token, order.id, 'record', { signature: photo.data.hash });
    expect(asSignature.body).toMatchObject({ msg_key: 'maintenance.signatureKind' });
    const empty = await act(t.app, tech.token, order.id, 'record', {});
    expect(empty.body.code).toBe(10002);
    // The bystander (handle only) neither lists nor reads an order it does not hold.
    expect((await list(bystander.token)).body.data.total).toBe(0);
    expect(
      (await call(t.app, 'GET', `/maintenance/work-orders/${order.id}`, { token: bystander.token })).status,
    ).toBe(404);
  });

  it('returns an order to pending, ends it with a reason; the API answers 10001 while the module is off', async () => {
    const order = (await createOrder(t.app, manager.token, { assignee_id: tech.user.id })).body.data;
    expect((await act(t.app, tech.token, order.id, 'return', {})).body.code).toBe(10002);
    const back = await act(t.app, tech.token, order.id, 'return', { note: 'Wrong site' });
    expect(back.body.data).toMatchObject({ status: 0, assignee_id: null });
    const ended = await act(t.app, manager.token, order.id, 'end', { note: 'Duplicate' });
    expect(ended.body.data.status).toBe(4);
    const system = createSystemRepository(t.database.db);
    await system.setOption('modules', { maintenanceManage: false });
    try {
      expect((await list(manager.token)).body.code).toBe(10001);
    } finally {
      await system.setOption('modules', {});
    }
  });
});

describe('work orders: views and the due tick', () => {
  it('lists overdue and due-soon orders and tells the assignee once', async () => {
    const now = t.clock();
    const overdue = (
      await createOrder(t.app, manager.token, {
        title: 'Late',
        assignee_id: tech.user.id,
        due_at: new Date(now.getTime() - 60_000).toISOString(),
      })
    ).body.data;
    const soon = (
      await createOrder(t.app, manager.token, {
        title: 'Soon',
        assignee_id: tech.user.id,
        due_at: new Date(now.getTime() + 2 * 3_600_000).toISOString(),
      })
    ).body.data;
    const overdueIds = (await list(manager.token, '?view=overdue')).body.data.rows.map((r) => r.id);
    expect(overdueIds).toContain(overdue.id);
    expect(overdueIds).not.toContain(soon.id);
    expect((await list(manager.token, '?view=due_soon')).body.data.rows.map((r) => r.id)).toContain(soon.id);

    const tick = createWorkOrderDueTick({ database: t.database, clock: t.clock });
    expect(await tick()).toBeGreaterThanOrEqual(2);
    expect(await tick()).toBe(0);
    const notices = (
      await call<WorkOrderNoticeRow[]>(t.app, 'GET', '/maintenance/notices', { token: tech.token })
    ).body.data;
    const kinds = (id: number) =>
      notices
        .filter((n) => n.order_id === id)
        .map((n) => n.kind)
        .sort();
    expect(kinds(overdue.id)).toEqual(['dispatched', 'overdue']);
    expect(kinds(soon.id)).toEqual(['dispatched', 'due_soon']);
    // Three hours on (the tick's clock only: tokens keep working), the "soon" order is overdue too.
    const later = createWorkOrderDueTick({
      database: t.database,
      clock: () => new Date(t.clock().getTime() + 3 * 3_600_000),
    });
    expect(await later()).toBeGreaterThanOrEqual(1);
    expect(await later()).toBe(0);
    const after = (
      await call<WorkOrderNoticeRow[]>(t.app, 'GET', '/maintenance/notices', { token: tech.token })
    ).body.data;
    expect(
      after
        .filter((n) => n.order_id === soon.id)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(['dispatched', 'due_soon', 'overdue']);
    expect(after.filter((n) => n.order_id === overdue.id)).toHaveLength(2);
    await call(t.app, 'POST', '/maintenance/notices/read', { token: tech.token });
    const read = (
      await call<WorkOrderNoticeRow[]>(t.app, 'GET', '/maintenance/notices', { token: tech.token })
    ).body.data;
    expect(read.every((n) => n.read)).toBe(true);
  });
});
