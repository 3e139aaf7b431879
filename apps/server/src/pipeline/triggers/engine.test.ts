import type { AlarmLogRow, TriggerRow } from '@fleet/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PresenceEvent } from '../../gateways/types.js';
import { alarmRowsByIds } from '../../modules/alarms/alarm-rows.repository.js';
import { alarmLog } from '../../modules/alarms/alarms.table.js';
import { contacts, noticeOutbox } from '../../modules/contacts/contacts.table.js';
import { dataPoints, devices } from '../../modules/devices/devices.table.js';
import { LIVE_BUS, type LiveAlarmMessage } from '../../modules/live/live.feed.js';
import { triggers } from '../../modules/triggers/triggers.table.js';
import { BUS, createLocalBus } from '../../platform/bus/event-bus.js';
import { call, createDevice, createDeviceUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { insertTestPoint } from '../pipeline.fixtures.js';
import type { Reading } from '../types.js';
import { createAlarmEngine } from './engine.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
const published: AlarmLogRow[] = [];
let wakes = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  t.runtime.bus.subscribe(LIVE_BUS.alarms, (m) =>
    published.push((m as LiveAlarmMessage).payload as AlarmLogRow),
  );
  t.runtime.bus.subscribe(BUS.noticeWake, () => {
    wakes += 1;
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  published.length = 0;
});

/** A fresh device of the owner with one number point. */
async function setup(pointOverrides: Parameters<typeof insertTestPoint>[2] = {}) {
  const deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
  const point = await insertTestPoint(t.database, deviceId, { title: 'Temperature', ...pointOverrides });
  return { deviceId, pointId: point.id };
}

async function addTrigger(body: Record<string, unknown>): Promise<TriggerRow> {
  const res = await call<TriggerRow>(t.app, 'POST', '/trigger', { token: owner.token, body });
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data;
}

/** Readings of one point at `base + seconds`, through the real pipeline, then the engine drained. */
async function feed(deviceId: number, pointId: number, values: [number, Reading['value']][], base: number) {
  await t.runtime.pipeline.ingest(
    values.map(([s, value]) => ({ deviceId, pointId, ts: base + s * 1000, value })),
  );
  await t.runtime.alarms.drained();
}

async function rowsOf(deviceId: number) {
  return t.database.db
    .select()
    .from(alarmLog)
    .where(eq(alarmLog.deviceId, deviceId))
    .orderBy(asc(alarmLog.id));
}

async function alarmTypeOf(deviceId: number) {
  const [row] = await t.database.db
    .select({ a: devices.alarmType })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row!.a;
}

/** raise/recover events with their value, in order. */
const events = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
  rows.map((r) => [r.alarmType === 3 ? 'recover' : 'raise', r.value] as const);

const now = () => t.clock().getTime();

describe('limit triggers through the pipeline', () => {
  it('raises, keeps the alarm inside the deadband, recovers, with rows, status tag and AL', async () => {
    const { deviceId, pointId } = await setup();
    const trigger = await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 80 },
      deadband: 5,
      level: 3,
    });
    const base = now();
    await feed(
      deviceId,
      pointId,
      [
        [0, 79],
        [1, 80],
      ],
      base,
    );
    expect(await rowsOf(deviceId)).toEqual([]);

    await feed(deviceId, pointId, [[2, 81]], base);
    const [raised] = await rowsOf(deviceId);
    expect(raised).toMatchObject({
      triggerId: trigger.id,
      pointId,
      alarmType: 1,
      level: 3,
      status: 0,
      cause: 'limit',
      value: 81,
      threshold: '> 80',
      pointTitle: 'Temperature',
      recoveredAt: null,
    });
    expect(raised!.at.getTime()).toBe(base + 2000);
    expect(await alarmTypeOf(deviceId)).toBe(1);
    expect(published.map((p) => [p.id, p.alarm_type, p.device_id])).toEqual([[raised!.id, 1, deviceId]]);
    const listed = await call<TriggerRow[]>(t.app, 'GET', `/trigger?device_id=${deviceId}`, {
      token: owner.token,
    });
    expect(listed.body.data[0]!.open_alarm_id).toBe(raised!.id);

    // Inside the deadband: still open; clear of it by d: recovered.
    await feed(
      deviceId,
      pointId,
      [
        [3, 76],
        [4, 90],
      ],
      base,
    );
    expect(await rowsOf(deviceId)).toHaveLength(1);
    await feed(deviceId, pointId, [[5, 75]], base);
    const rows = await rowsOf(deviceId);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.recoveredAt?.getTime()).toBe(base + 5000);
    expect(rows[1]).toMatchObject({
      alarmType: 3,
      status: 1,
      cause: 'recovered',
      recoversId: rows[0]!.id,
      value: 75,
      triggerId: trigger.id,
    });
    expect(rows[1]!.at.getTime()).toBe(base + 5000);
    expect(await alarmTypeOf(deviceId)).toBe(0);
    expect(published.map((p) => [p.alarm_type, p.recovers_id])).toEqual([
      [1, null],
      [3, rows[0]!.id],
    ]);
    // The AL payload is the alarm log row exactly as the log answers it.
    const [first, second] = await alarmRowsByIds(t.database.db, [rows[0]!.id, rows[1]!.id]);
    expect(published).toEqual([{ ...first, recovered_at: null }, second]);
  });

  type Case = {
    name: string;
    optype: number;
    lolmt?: number;
    uplmt?: number;
    deadband?: number;
    values: number[];
    expected: (readonly ['raise' | 'recover', number])[];
  };
  const cases: Case[] = [
    {
      name: '1 >',
      optype: 1,
      uplmt: 80,
      deadband: 5,
      values: [80, 80.5, 76, 75],
      expected: [
        ['raise', 80.5],
        ['recover', 75],
      ],
    },
    {
      name: '2 >=',
      optype: 2,
      uplmt: 80,
      deadband: 5,
      values: [79.9, 80, 75, 74.9],
      expected: [
        ['raise', 80],
        ['recover', 74.9],
      ],
    },
    {
      name: '3 <',
      optype: 3,
      lolmt: 10,
      deadband: 2,
      values: [10, 9.9, 11.9, 12],
      expected: [
        ['raise', 9.9],
        ['recover', 12],
      ],
    },
    {
      name: '4 <=',
      optype: 4,
      lolmt: 10,
      deadband: 2,
      values: [10.1, 10, 12, 12.1],
      expected: [
        ['raise', 10],
        ['recover', 12.1],
      ],
    },
    {
      name: '5 =',
      optype: 5,
      uplmt: 1,
      values: [0, 1, 1, 2],
      expected: [
        ['raise', 1],
        ['recover', 2],
      ],
    },
    {
      name: '6 inside',
      optype: 6,
      lolmt: 10,
      uplmt: 20,
      deadband: 1,
      values: [9, 10, 9.5, 8.9, 20, 21, 21.5],
      expected: [
        ['raise', 10],
        ['recover', 8.9],
        ['raise', 20],
        ['recover', 21.5],
      ],
    },
    {
      name: '7 outside',
      optype: 7,
      lolmt: 10,
      uplmt: 20,
      deadband: 1,
      values: [10, 20, 9.9, 10.5, 11, 20.1, 19.5, 19],
      expected: [
        ['raise', 9.9],
        ['recover', 11],
        ['raise', 20.1],
        ['recover', 19],
      ],
    },
    {
      name: '6 equal limits',
      optype: 6,
      lolmt: 5,
      uplmt: 5,
      values: [4, 5, 6],
      expected: [
        ['raise', 5],
        ['recover', 6],
      ],
    },
    {
      name: '7 equal limits',
      optype: 7,
      lolmt: 5,
      uplmt: 5,
      values: [5, 6, 7, 4, 5],
      expected: [
        ['raise', 6],
        ['recover', 5],
      ],
    },
    {
      name: '1 falls back to lolmt',
      optype: 1,
      lolmt: 50,
      values: [50, 51, 50],
      expected: [
        ['raise', 51],
        ['recover', 50],
      ],
    },
    {
      name: '3 falls back to uplmt',
      optype: 3,
      uplmt: 50,
      values: [50, 49, 50],
      expected: [
        ['raise', 49],
        ['recover', 50],
      ],
    },
  ];
  it.each(cases)('optype $name: boundaries and hysteresis', async (c) => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: c.optype,
      trigger_threshold: { lolmt: c.lolmt ?? null, uplmt: c.uplmt ?? null },
      deadband: c.deadband ?? 0,
    });
    const base = now();
    // One reading per batch: each is evaluated as the latest value in turn.
    for (const [i, v] of c.values.entries()) await feed(deviceId, pointId, [[i, v]], base);
    expect(events(await rowsOf(deviceId))).toEqual(c.expected);
  });

  it('a trigger that lost its limits is inert; strings, null and older readings are ignored', async () => {
    const { deviceId, pointId } = await setup();
    const trigger = await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 10 },
    });
    const base = now();
    await feed(deviceId, pointId, [[10, 5]], base);
    // An older reading is not the latest value: not evaluated.
    await feed(deviceId, pointId, [[5, 50]], base);
    await feed(deviceId, pointId, [[11, null]], base);
    expect(await rowsOf(deviceId)).toEqual([]);

    await t.database.db.update(triggers).set({ uplmt: null }).where(eq(triggers.id, trigger.id));
    t.runtime.bus.publish(BUS.alarmDevice, { deviceId });
    await feed(deviceId, pointId, [[12, 1e6]], base);
    expect(await rowsOf(deviceId)).toEqual([]);
  });

  it('the point switch trigger_enable 0 turns its triggers off', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 10 },
    });
    const [point] = await t.database.db.select().from(dataPoints).where(eq(dataPoints.id, pointId));
    expect(point!.triggerEnable).toBe(1);
    await t.database.db.update(dataPoints).set({ triggerEnable: 0 }).where(eq(dataPoints.id, pointId));
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId, kind: 'config' });
    await feed(deviceId, pointId, [[0, 20]], now());
    expect(await rowsOf(deviceId)).toEqual([]);
  });
});

describe('minimum duration', () => {
  it('raises on the first reading at or after t0 + delay_s that still holds', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 80 },
      delay_s: 10,
    });
    const base = now() + 3_600_000; // ahead of the clock: the sweeper cannot raise it, readings decide
    await feed(
      deviceId,
      pointId,
      [
        [0, 85],
        [5, 86],
      ],
      base,
    );
    await feed(deviceId, pointId, [[9.999, 90]], base);
    expect(await rowsOf(deviceId)).toEqual([]);
    await feed(deviceId, pointId, [[10, 87]], base);
    const rows = await rowsOf(deviceId);
    expect(events(rows)).toEqual([['raise', 87]]);
    expect(rows[0]!.at.getTime()).toBe(base + 10_000);
  });

  it('a reading where it does not hold cancels the pending alarm', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 80 },
      delay_s: 10,
    });
    const base = now() + 3_600_000; // ahead of the clock: only readings decide
    await feed(
      deviceId,
      pointId,
      [
        [0, 85],
        [5, 70],
        [12, 85],
        [21, 85],
      ],
      base,
    );
    expect(await rowsOf(deviceId)).toEqual([]);
    await feed(deviceId, pointId, [[22, 81]], base);
    expect(events(await rowsOf(deviceId))).toEqual([['raise', 81]]);
  });

  it('the sweeper raises when no further reading comes and the value still holds', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 4,
      trigger_threshold: { lolmt: 0 },
      delay_s: 10,
    });
    await feed(deviceId, pointId, [[0, -3]], now());
    t.clock.advance(9);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect(await rowsOf(deviceId)).toEqual([]);
    t.clock.advance(1);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    const rows = await rowsOf(deviceId);
    expect(events(rows)).toEqual([['raise', -3]]);
    expect(rows[0]!.at.getTime()).toBe(now());
  });
});

describe('fire codes', () => {
  it('101 -> 104 -> 0: raise, recover and raise the new code, recover', async () => {
    const { deviceId, pointId } = await setup({ name: `fire_code_${Date.now()}` });
    await addTrigger({ device_id: deviceId, point_id: pointId, kind: 'code' });
    const base = now();
    await feed(deviceId, pointId, [[0, 101]], base);
    expect(await alarmTypeOf(deviceId)).toBe(101);
    await feed(deviceId, pointId, [[1, 101]], base);
    await feed(deviceId, pointId, [[2, 104]], base);
    expect(await alarmTypeOf(deviceId)).toBe(104);
    await feed(deviceId, pointId, [[3, 0]], base);
    expect(await alarmTypeOf(deviceId)).toBe(0);
    const rows = await rowsOf(deviceId);
    expect(rows.map((r) => [r.alarmType, r.cause, r.recoversId, r.recoveredAt !== null])).toEqual([
      [101, 'code', null, true],
      [3, 'recovered', rows[0]!.id, true],
      [104, 'code', null, true],
      [3, 'recovered', rows[2]!.id, true],
    ]);
    expect(published.map((p) => p.alarm_type)).toEqual([101, 3, 104, 3]);
  });
});

describe('stale', () => {
  it('raises when the point has no reading for stale_s and recovers on the next reading', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({ device_id: deviceId, point_id: pointId, kind: 'stale', stale_s: 30 });
    const base = now();
    await feed(deviceId, pointId, [[0, 1]], base);
    t.clock.advance(29);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect(await rowsOf(deviceId)).toEqual([]);
    t.clock.advance(6);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    const [raised] = await rowsOf(deviceId);
    expect(raised).toMatchObject({ alarmType: 4, cause: 'stale', recoveredAt: null });
    expect(await alarmTypeOf(deviceId)).toBe(4);

    await feed(deviceId, pointId, [[40, 2]], base);
    expect(events(await rowsOf(deviceId))).toEqual([
      ['raise', null],
      ['recover', 2],
    ]);
    expect(await alarmTypeOf(deviceId)).toBe(0);
  });

  it('a point that never reported counts from the trigger change', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({ device_id: deviceId, point_id: pointId, kind: 'stale', stale_s: 10 });
    t.clock.advance(5);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect(await rowsOf(deviceId)).toEqual([]);
    t.clock.advance(5);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect((await rowsOf(deviceId)).map((r) => r.cause)).toEqual(['stale']);
  });
});

describe('offline triggers', () => {
  const presence = (deviceId: number, status: 0 | 1): PresenceEvent => ({
    deviceId,
    status,
    via: 'mqtt',
    reason: status ? '' : 'closed',
    at: now(),
  });

  it('raises at once with delay 0 and recovers when the device comes online', async () => {
    const { deviceId } = await setup();
    await addTrigger({ device_id: deviceId, kind: 'offline' });
    t.runtime.bus.publish(BUS.presence, presence(deviceId, 0));
    await t.runtime.alarms.drained();
    const [raised] = await rowsOf(deviceId);
    expect(raised).toMatchObject({ alarmType: 4, cause: 'offline', online: 0, pointId: null });
    t.runtime.bus.publish(BUS.presence, presence(deviceId, 1));
    await t.runtime.alarms.drained();
    const rows = await rowsOf(deviceId);
    expect(rows[1]).toMatchObject({ alarmType: 3, online: 1, recoversId: raised!.id });
  });

  it('with delay_s: raised by the sweeper after the delay, cancelled by coming online', async () => {
    const { deviceId } = await setup();
    await addTrigger({ device_id: deviceId, kind: 'offline', delay_s: 60 });
    t.runtime.bus.publish(BUS.presence, presence(deviceId, 0));
    t.clock.advance(30);
    t.runtime.bus.publish(BUS.presence, presence(deviceId, 1));
    t.clock.advance(40);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect(await rowsOf(deviceId)).toEqual([]);

    t.runtime.bus.publish(BUS.presence, presence(deviceId, 0));
    await t.runtime.alarms.drained();
    t.clock.advance(59);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect(await rowsOf(deviceId)).toEqual([]);
    t.clock.advance(1);
    await t.runtime.alarms.sweep();
    await t.runtime.alarms.drained();
    expect((await rowsOf(deviceId)).map((r) => [r.cause, r.online])).toEqual([['offline', 0]]);
  });
});

describe('one open alarm per trigger', () => {
  it('a storm of 1,000 over-limit readings raises once', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 0 },
    });
    const base = now();
    await Promise.all(
      Array.from({ length: 10 }, (_, batch) =>
        t.runtime.pipeline.ingest(
          Array.from({ length: 100 }, (_, i) => ({
            deviceId,
            pointId,
            ts: base + batch * 100 + i,
            value: 1 + i,
          })),
        ),
      ),
    );
    await t.runtime.alarms.drained();
    expect((await rowsOf(deviceId)).length).toBe(1);
    expect(published.filter((p) => p.device_id === deviceId)).toHaveLength(1);
  });

  it('two engines on the same database raise once', async () => {
    const { deviceId, pointId } = await setup();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 2,
      trigger_threshold: { uplmt: 5 },
    });
    const otherBus = createLocalBus();
    const otherPublished: unknown[] = [];
    otherBus.subscribe(LIVE_BUS.alarms, (m) => otherPublished.push(m));
    const second = createAlarmEngine({
      database: t.database,
      bus: otherBus,
      pipeline: t.runtime.pipeline,
      clock: t.clock,
    });
    second.start();
    try {
      const base = now();
      await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base, value: 9 }]);
      await Promise.all([t.runtime.alarms.drained(), second.drained()]);
      expect(await rowsOf(deviceId)).toHaveLength(1);
      expect(published.length + otherPublished.length).toBe(1);
      // The loser learned the open alarm: it recovers it when the value clears.
      await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: base + 1, value: 1 }]);
      await Promise.all([t.runtime.alarms.drained(), second.drained()]);
      expect(events(await rowsOf(deviceId))).toEqual([
        ['raise', 9],
        ['recover', 1],
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('notices', () => {
  it('queues one outbox row per enabled contact and channel on raise and recovery', async () => {
    const { deviceId, pointId } = await setup();
    const [both, emailOnly, disabled] = await t.database.db
      .insert(contacts)
      .values([
        {
          ownerUserId: owner.user.id,
          name: 'both',
          email: 'a@example.com',
          emailEnabled: true,
          webhookEnabled: true,
          webhookKind: 'generic',
          webhookUrl: 'https://example.com/h',
        },
        { ownerUserId: owner.user.id, name: 'email', email: 'b@example.com', emailEnabled: true },
        {
          ownerUserId: owner.user.id,
          name: 'off',
          email: 'c@example.com',
          emailEnabled: true,
          enabled: false,
        },
      ])
      .returning();
    await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 10 },
      contact_ids: [both!.id, emailOnly!.id, disabled!.id],
    });
    const silentPoint = await insertTestPoint(t.database, deviceId);
    await addTrigger({
      device_id: deviceId,
      point_id: silentPoint.id,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 10 },
      notify: false,
      contact_ids: [both!.id],
    });
    const wakesBefore = wakes;
    const base = now();
    await feed(deviceId, pointId, [[0, 20]], base);
    await feed(deviceId, silentPoint.id, [[0, 20]], base);
    await feed(deviceId, pointId, [[1, 0]], base);
    const rows = await rowsOf(deviceId);
    const outbox = await t.database.db
      .select()
      .from(noticeOutbox)
      .where(eq(noticeOutbox.contactId, both!.id))
      .orderBy(asc(noticeOutbox.id));
    const mine = rows.filter((r) => r.pointId === pointId).map((r) => r.id);
    // (The notice worker of the app may already be sending them: the status is not asserted.)
    expect(outbox.map((o) => [o.alarmId, o.channel])).toEqual([
      [mine[0], 'email'],
      [mine[0], 'webhook'],
      [mine[1], 'email'],
      [mine[1], 'webhook'],
    ]);
    const others = await t.database.db
      .select()
      .from(noticeOutbox)
      .where(eq(noticeOutbox.contactId, emailOnly!.id));
    expect(others.map((o) => o.channel)).toEqual(['email', 'email']);
    const none = await t.database.db
      .select()
      .from(noticeOutbox)
      .where(eq(noticeOutbox.contactId, disabled!.id));
    expect(none).toEqual([]);
    expect(wakes - wakesBefore).toBe(2);
  });
});

describe('trigger changes', () => {
  it('disabling or deleting a trigger with an open alarm recovers it', async () => {
    const { deviceId, pointId } = await setup();
    const a = await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 10 },
    });
    const b = await addTrigger({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { uplmt: 15 },
    });
    await feed(deviceId, pointId, [[0, 20]], now());
    expect(await rowsOf(deviceId)).toHaveLength(2);

    const off = await call(t.app, 'PUT', `/trigger/${a.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect(off.body.code).toBe(0);
    const del = await call(t.app, 'DELETE', `/trigger/${b.id}`, { token: owner.token });
    expect(del.body.code).toBe(0);
    const rows = await rowsOf(deviceId);
    expect(rows.filter((r) => r.alarmType === 3).map((r) => r.message)).toEqual([
      'trigger disabled',
      'trigger deleted',
    ]);
    expect(rows.every((r) => r.recoveredAt !== null)).toBe(true);
    expect(await alarmTypeOf(deviceId)).toBe(0);
    // The disabled trigger no longer raises.
    await feed(deviceId, pointId, [[1, 30]], now());
    expect(await rowsOf(deviceId)).toHaveLength(4);
  });
});

describe('devices without triggers', () => {
  it('a batch of 5,000 readings costs one query for all its devices, then nothing', async () => {
    const deviceIds: number[] = [];
    const pointIds: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { deviceId, pointId } = await setup();
      deviceIds.push(deviceId);
      pointIds.push(pointId);
    }
    // A second engine on a database handle that counts the queries it starts.
    let queries = 0;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'select' || prop === 'transaction' || prop === 'execute') queries += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    const engine = createAlarmEngine({
      database: { ...t.database, db },
      bus: createLocalBus(),
      pipeline: t.runtime.pipeline,
      clock: t.clock,
    });
    engine.start();
    try {
      const base = now();
      const batch = (offset: number) =>
        Array.from({ length: 5000 }, (_, i) => ({
          deviceId: deviceIds[i % 5]!,
          pointId: pointIds[i % 5]!,
          ts: base + offset + i,
          value: i,
        }));
      await t.runtime.pipeline.ingest(batch(0));
      await engine.drained();
      const afterFirst = queries;
      expect(afterFirst).toBeLessThanOrEqual(2);
      await t.runtime.pipeline.ingest(batch(10_000));
      await engine.drained();
      expect(queries).toBe(afterFirst);
      expect(await Promise.all(deviceIds.map(rowsOf))).toEqual(deviceIds.map(() => []));
    } finally {
      await engine.close();
    }
  });
});
