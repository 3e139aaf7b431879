import type {
  ListResult,
  PlanDetail,
  PlanPreview,
  PlanRow,
  WorkOrderNoticeRow,
  WorkOrderRow,
} from '@fleet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../../test-support/factories.js';
import { createTestApp, createTestClock, type TestApp } from '../../../test-support/test-app.js';
import { createPoint, insertHistory } from '../../exports/exports.fixtures.js';
import { ledgerAssets } from '../assets/assets.table.js';
import { act, createMaintenanceUser, MANAGER, TECHNICIAN } from '../work-orders.fixtures.js';
import { createPlanGeneratorFor, runningHours } from './plans.generator.js';

const PLANNER = [...MANAGER, 'maintenance.Plan/index', 'maintenance.Plan/add', 'maintenance.Plan/edit'];
type User = Awaited<ReturnType<typeof createMaintenanceUser>>;
let t: TestApp;
let manager: User;
let tech: User;
let reader: User;
let other: User;
let deviceId: number;
let device2Id: number;
let otherDeviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createMaintenanceUser(t, PLANNER, { nickName: 'Mia Manager' });
  tech = await createMaintenanceUser(t, TECHNICIAN, {
    parentId: manager.user.id,
    isSubuser: true,
    nickName: 'Tom Tech',
  });
  reader = await createMaintenanceUser(t, ['maintenance.Plan/index'], {
    parentId: manager.user.id,
    isSubuser: true,
  });
  other = await createMaintenanceUser(t, PLANNER);
  deviceId = (await createDevice(t.database, { ownerUserId: manager.user.id, title: 'Pump 1' })).id;
  device2Id = (await createDevice(t.database, { ownerUserId: manager.user.id, title: 'Pump 2' })).id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: other.user.id, title: 'Foreign pump' })).id;
});
afterAll(async () => {
  await t?.close();
});

const createPlan = (token: string, body: Record<string, unknown>) =>
  call<PlanDetail>(t.app, 'POST', '/maintenance/plan', {
    token,
    body: { name: 'Monthly pump service', target_ids: [deviceId], start_date: '2026-01-31', ...body },
  });
const planAction = (token: string, id: number, event: string) =>
  call<PlanDetail>(t.app, 'POST', `/maintenance/plan/${id}/${event}`, { token });
const detail = (id: number, token = manager.token) =>
  call<PlanDetail>(t.app, 'GET', `/maintenance/plan/${id}`, { token });
const planOrders = (planId: number) =>
  t.database.db.execute(sql`select id, type, status, device_id, due_at, assignee_id, checklist from work_orders
    where plan_id = ${planId} order by due_at, id`) as unknown as Promise<{
    rows: {
      id: number;
      type: number;
      status: number;
      device_id: number;
      due_at: string | Date;
      assignee_id: number | null;
      checklist: unknown;
    }[];
  }>;
const iso = (v: string | Date) => new Date(v).toISOString();
/** A device ledger asset of `owner`, optionally linked to a monitored device. */
const asset = async (owner: number, code: string, linkedDevice: number | null = null) => {
  const [row] = await t.database.db
    .insert(ledgerAssets)
    .values({ ownerUserId: owner, code, name: `Asset ${code}`, deviceId: linkedDevice })
    .returning({ id: ledgerAssets.id });
  return row!.id;
};
const setLatest = (pointId: number, device: number, value: number) =>
  t.database.db.execute(sql`insert into point_latest (point_id, device_id, ts, value)
    values (${pointId}, ${device}, ${t.clock().toISOString()}::timestamptz, ${value})
    on conflict (point_id) do update set ts = excluded.ts, value = excluded.value`);

describe('maintenance plans API', () => {
  it('creates a plan with a preview of the next occurrences; the reader reads, cannot change', async () => {
    const res = await createPlan(manager.token, {
      start_date: '2030-01-31',
      assignee_ids: [tech.user.id],
      checklist: ['Grease bearings', 'Check seal'],
      time_zone: 'Asia/Shanghai',
    });
    expect(res.body.code).toBe(0);
    const plan = res.body.data;
    expect(plan).toMatchObject({
      status: 0,
      plan_type: 0,
      target_type: 0,
      targets: [{ type: 0, id: deviceId, title: 'Pump 1' }],
      assignee_names: ['Tom Tech'],
      allowed_events: ['start', 'end'],
      deletable: true,
      next_due_at: null,
    });
    expect(plan.preview.map((p) => p.due_at)).toEqual([
      '2030-01-31T01:00:00.000Z',
      '2030-02-28T01:00:00.000Z',
      '2030-03-31T01:00:00.000Z',
      '2030-04-30T01:00:00.000Z',
      '2030-05-31T01:00:00.000Z',
    ]);
    expect(plan.preview[0]!.create_at).toBe('2030-01-30T01:00:00.000Z');
    const asReader = await detail(plan.id, reader.token);
    expect(asReader.body.data.allowed_events).toEqual([]);
    expect((await planAction(reader.token, plan.id, 'start')).body.code).toBe(10001);
    expect((await createPlan(reader.token, {})).body.code).toBe(10001);
    expect((await call(t.app, 'GET', '/maintenance/plan', { token: tech.token })).body.code).toBe(10001);
  });

  it('previews an unsaved calendar across a leap day', async () => {
    const res = await call<PlanPreview>(t.app, 'POST', '/maintenance/plan/preview', {
      token: manager.token,
      body: { period: 1, time_unit: 3, start_date: '2032-02-29', time_zone: 'UTC', pre_notify: 6 },
    });
    expect(res.body.data.occurrences.map((o) => o.due_at.slice(0, 10))).toEqual([
      '2032-02-29',
      '2033-02-28',
      '2034-02-28',
      '2035-02-28',
      '2036-02-29',
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (
      await call<ListResult<PlanRow>>(t.app, 'GET', '/maintenance/plan', { token: manager.token })
    ).body.data.total;
    const foreign = await createPlan(manager.token, { target_ids: [otherDeviceId] });
    expect(foreign.body).toMatchObject({ code: 10002 });
    expect(foreign.body.msg).toContain(String(otherDeviceId));
    const foreignAsset = await asset(other.user.id, 'FOREIGN-1');
    const ledger = await createPlan(manager.token, { target_type: 1, target_ids: [foreignAsset] });
    expect(ledger.body.code).toBe(10002);
    expect(ledger.body.msg).toContain(`asset ${foreignAsset} does not exist`);
    const mine = await asset(manager.user.id, 'PUMP-METER');
    const meterOnAsset = await createPlan(manager.token, {
      target_type: 1,
      target_ids: [mine],
      trigger: 'threshold',
      meter_point_id: 1,
      threshold_value: 5,
    });
    expect(meterOnAsset.body).toMatchObject({ code: 10002 });
    expect(meterOnAsset.body.msg).toContain('targets a monitored device');
    expect((await createPlan(manager.token, { assignee_ids: [other.user.id] })).body.code).toBe(10002);
    expect((await createPlan(manager.token, { start_date: '2026-02-30' })).body.code).toBe(10002);
    expect((await createPlan(manager.token, { time_zone: 'Mars/Olympus' })).body.code).toBe(10002);
    expect((await createPlan(manager.token, { trigger: 'runtime', meter_point_id: 1 })).body.code).toBe(
      10002,
    );
    const after = (
      await call<ListResult<PlanRow>>(t.app, 'GET', '/maintenance/plan', { token: manager.token })
    ).body.data.total;
    expect(after).toBe(before);
  });

  it('keeps tenants apart', async () => {
    const mine = (await createPlan(manager.token, { name: 'Tenant A plan' })).body.data;
    expect((await detail(mine.id, other.token)).status).toBe(404);
    expect((await planAction(other.token, mine.id, 'start')).status).toBe(404);
    const list = await call<ListResult<PlanRow>>(t.app, 'GET', '/maintenance/plan', { token: other.token });
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(mine.id);
  });
});

/** The generator's clock: the app (and its sessions) keep the real time, the generator travels. */
const gclock = createTestClock();

describe('the plan generator', () => {
  it('raises each occurrence once, pre-notify ahead, with two generators at once, and notifies', async () => {
    const plan = (
      await createPlan(manager.token, {
        name: 'Shanghai monthly',
        start_date: '2031-01-31',
        target_ids: [deviceId, device2Id],
        assignee_ids: [tech.user.id],
        checklist: ['Grease bearings'],
        time_zone: 'Asia/Shanghai',
        pre_notify: 0,
      })
    ).body.data;
    const started = (await planAction(manager.token, plan.id, 'start')).body.data;
    expect(started).toMatchObject({ status: 1, next_due_at: '2031-01-31T01:00:00.000Z', deletable: false });
    const a = createPlanGeneratorFor(t.database.db, gclock);
    const b = createPlanGeneratorFor(t.database.db, gclock);

    gclock.set(new Date('2031-01-30T00:59:00Z'));
    await a.tick();
    expect((await planOrders(plan.id)).rows).toHaveLength(0);

    gclock.set(new Date('2031-01-30T01:00:00Z'));
    await Promise.all([a.tick(), b.tick()]);
    await a.tick();
    const first = (await planOrders(plan.id)).rows;
    expect(first.map((o) => [o.type, o.status, o.device_id, iso(o.due_at), o.assignee_id])).toEqual([
      [0, 1, deviceId, '2031-01-31T01:00:00.000Z', tech.user.id],
      [0, 1, device2Id, '2031-01-31T01:00:00.000Z', tech.user.id],
    ]);
    expect(first[0]!.checklist).toEqual([{ label: 'Grease bearings', done: null, note: '' }]);
    const after = (await detail(plan.id)).body.data;
    // Raised (2) and at once following its dispatched order (4).
    expect(after).toMatchObject({ status: 4, next_due_at: '2031-02-28T01:00:00.000Z', orders: 2 });
    const notices = (
      await call<WorkOrderNoticeRow[]>(t.app, 'GET', '/maintenance/notices', { token: tech.token })
    ).body.data;
    expect(notices.filter((n) => first.some((o) => o.id === n.order_id)).map((n) => n.kind)).toEqual([
      'dispatched',
      'dispatched',
    ]);

    // Feb 28 (Jan 31 + 1 month) is raised a day ahead; nothing twice.
    gclock.set(new Date('2031-02-27T02:00:00Z'));
    await Promise.all([a.tick(), b.tick()]);
    await b.tick();
    const second = (await planOrders(plan.id)).rows;
    expect(second.map((o) => iso(o.due_at))).toEqual([
      '2031-01-31T01:00:00.000Z',
      '2031-01-31T01:00:00.000Z',
      '2031-02-28T01:00:00.000Z',
      '2031-02-28T01:00:00.000Z',
    ]);
    const orders = await call<ListResult<WorkOrderRow>>(t.app, 'GET', `/maintenance/work-orders?mine=1`, {
      token: tech.token,
    });
    expect(orders.body.data.rows.filter((o) => o.plan_id === plan.id)).toHaveLength(4);
  });

  it('raises orders on device ledger assets: the asset and its linked device, never a deleted asset', async () => {
    const linked = await asset(manager.user.id, 'PUMP-001', deviceId);
    const loose = await asset(manager.user.id, 'VALVE-003');
    const gone = await asset(manager.user.id, 'TANK-009');
    const plan = (
      await createPlan(manager.token, {
        name: 'Yearly asset inspection',
        target_type: 1,
        target_ids: [linked, loose, gone],
        start_date: '2032-03-01',
        time_unit: 3,
        time_zone: 'UTC',
        pre_notify: 6,
      })
    ).body.data;
    expect(plan.targets.map((x) => [x.type, x.title])).toEqual([
      [1, 'PUMP-001 Asset PUMP-001'],
      [1, 'VALVE-003 Asset VALVE-003'],
      [1, 'TANK-009 Asset TANK-009'],
    ]);
    await planAction(manager.token, plan.id, 'start');
    await t.database.db.execute(sql`delete from ledger_assets where id = ${gone}`);
    gclock.set(new Date('2032-03-01T09:00:00Z'));
    await createPlanGeneratorFor(t.database.db, gclock).tick();
    const raised = (await t.database.db.execute(
      sql`select asset_id, device_id from work_orders where plan_id = ${plan.id} order by asset_id`,
    )) as unknown as { rows: { asset_id: number; device_id: number | null }[] };
    expect(raised.rows).toEqual([
      { asset_id: linked, device_id: deviceId },
      { asset_id: loose, device_id: null },
    ]);
  });

  it('raises at once, on start, an occurrence already inside its pre-notify window', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const plan = (
      await createPlan(manager.token, {
        name: 'Raised at start',
        start_date: tomorrow,
        pre_notify: 3,
        due_time: '12:00',
      })
    ).body.data;
    const started = (await planAction(manager.token, plan.id, 'start')).body.data;
    expect(started).toMatchObject({ status: 2, orders: 1 });
    expect(started.recent_orders).toHaveLength(1);
    expect(started.next_due_at?.slice(0, 10)).not.toBe(tomorrow);
  });

  it('follows the latest order: dispatched, accepted, closed; stopped plans raise nothing; delete when allowed', async () => {
    const plan = (
      await createPlan(manager.token, {
        name: 'Weekly check',
        start_date: '2031-05-05',
        time_unit: 1,
        pre_notify: 6,
        assignee_ids: [tech.user.id],
      })
    ).body.data;
    await planAction(manager.token, plan.id, 'start');
    const gen = createPlanGeneratorFor(t.database.db, gclock);
    gclock.set(new Date('2031-05-05T09:00:00Z'));
    await gen.tick();
    await gen.tick();
    expect((await detail(plan.id)).body.data.status).toBe(4);
    const [order] = (await planOrders(plan.id)).rows;
    await act(t.app, tech.token, order!.id, 'accept');
    await gen.tick();
    expect((await detail(plan.id)).body.data.status).toBe(5);
    await act(t.app, tech.token, order!.id, 'close');
    await gen.tick();
    expect((await detail(plan.id)).body.data.status).toBe(6);

    expect(
      (await call(t.app, 'DELETE', `/maintenance/plan/${plan.id}`, { token: manager.token })).body,
    ).toMatchObject({
      code: 20000,
    });
    expect((await planAction(manager.token, plan.id, 'start')).body.code).toBe(20000);
    expect((await planAction(manager.token, plan.id, 'stop')).body.data).toMatchObject({
      status: 3,
      allowed_events: ['resume', 'end'],
      deletable: true,
    });
    gclock.set(new Date('2031-06-30T09:00:00Z'));
    await gen.tick();
    expect((await planOrders(plan.id)).rows).toHaveLength(1);
    // Resumed: the weeks before now are skipped, the next is the first due from now.
    const resumed = (await planAction(manager.token, plan.id, 'resume')).body.data;
    expect(resumed).toMatchObject({ status: 1, next_due_at: '2031-05-12T09:00:00.000Z' });
    await planAction(manager.token, plan.id, 'end');
    expect(
      (
        await call(t.app, 'PUT', `/maintenance/plan/${plan.id}`, {
          token: manager.token,
          body: { name: 'x', target_ids: [deviceId], start_date: '2031-05-05' },
        })
      ).body.code,
    ).toBe(20000);
    expect(
      (await call(t.app, 'DELETE', `/maintenance/plan/${plan.id}`, { token: manager.token })).body.code,
    ).toBe(0);
    expect((await detail(plan.id)).status).toBe(404);
    // The orders stay, unlinked from the deleted plan's occurrences.
    expect((await planOrders(plan.id)).rows).toHaveLength(1);
  });

  it('raises an order once per threshold crossing', async () => {
    gclock.set(new Date());
    const point = await createPoint(t.database, deviceId, {
      name: 'temp',
      title: 'Bearing temperature',
      unit: '°C',
    });
    await setLatest(point.id, deviceId, 50);
    const points = await call<{ id: number; value: number | null }[]>(
      t.app,
      'GET',
      `/maintenance/plan/points?device_id=${deviceId}`,
      { token: manager.token },
    );
    expect(points.body.data).toContainEqual(expect.objectContaining({ id: point.id, value: 50 }));
    expect(
      (
        await call(t.app, 'GET', `/maintenance/plan/points?device_id=${otherDeviceId}`, {
          token: manager.token,
        })
      ).body.data,
    ).toEqual([]);
    const plan = (
      await createPlan(manager.token, {
        name: 'Hot bearing',
        trigger: 'threshold',
        meter_point_id: point.id,
        threshold_op: 'above',
        threshold_value: 80,
        pre_notify: 6,
      })
    ).body.data;
    expect(plan.preview).toEqual([]);
    await planAction(manager.token, plan.id, 'start');
    const gen = createPlanGeneratorFor(t.database.db, gclock);
    const count = async () => (await planOrders(plan.id)).rows.length;
    await gen.tick();
    expect(await count()).toBe(0);
    for (const [value, expected] of [
      [90, 1],
      [95, 1],
      [70, 1],
      [85, 2],
    ] as const) {
      gclock.advance(60);
      await setLatest(point.id, deviceId, value);
      await gen.tick();
      expect(await count()).toBe(expected);
    }
  });

  it('raises an order every N running hours of a point that is 1 while running', async () => {
    const start = new Date();
    gclock.set(start);
    const point = await createPoint(t.database, device2Id, { name: 'run', title: 'Running' });
    const plan = (
      await createPlan(manager.token, {
        name: 'Every 2 running hours',
        target_ids: [device2Id],
        trigger: 'runtime',
        meter_mode: 'running',
        meter_point_id: point.id,
        meter_hours: 2,
        pre_notify: 6,
      })
    ).body.data;
    await planAction(manager.token, plan.id, 'start');
    const gen = createPlanGeneratorFor(t.database.db, gclock);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await insertHistory(t.database, point.id, [
      { ts: at(10), value: 1 },
      { ts: at(70), value: 1 },
      { ts: at(100), value: 0 }, // 1.5 h running
      { ts: at(160), value: 1 },
    ]);
    gclock.set(at(165));
    await gen.tick();
    expect((await planOrders(plan.id)).rows).toHaveLength(0);
    expect((await detail(plan.id)).body.data.meter_progress).toBeCloseTo(1.5, 5);
    await insertHistory(t.database, point.id, [{ ts: at(200), value: 1 }]); // + 40 min
    gclock.set(at(205));
    await gen.tick();
    await gen.tick();
    expect((await planOrders(plan.id)).rows).toHaveLength(1);
    expect((await detail(plan.id)).body.data.meter_progress).toBeCloseTo(1 / 6, 5);
  });

  it('integrates running hours between samples only', () => {
    const h = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
    expect(runningHours(null, [])).toBe(0);
    expect(
      runningHours({ at: h(0), value: 1 }, [
        { at: h(30), value: 0 },
        { at: h(60), value: 1 },
        { at: h(90), value: null },
        { at: h(120), value: 1 },
      ]),
    ).toBe(1);
  });
});
