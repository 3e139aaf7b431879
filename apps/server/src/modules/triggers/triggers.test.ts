import type { TriggerRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { BUS } from '../../platform/bus/event-bus.js';
import {
  call,
  createDevice,
  createDeviceUser,
  createRole,
  createUser,
  tokenFor,
} from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { contacts } from '../contacts/contacts.table.js';
import { dataPoints, deviceGrants } from '../devices/devices.table.js';
import { triggers } from './triggers.table.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let otherTenant: Awaited<ReturnType<typeof createDeviceUser>>;
let assignee: Awaited<ReturnType<typeof createDeviceUser>>;
let monitorToken: string;
let plainToken: string;
let deviceId: number;
let pointId: number;
let otherDeviceId: number;
let otherPointId: number;
let contactId: number;
let foreignContactId: number;
const alarmDeviceEvents: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createDeviceUser(t, { userType: 2 });
  otherTenant = await createDeviceUser(t, { userType: 2 });
  assignee = await createDeviceUser(t, { userType: 2 });
  deviceId = (await createDevice(t.database, { ownerUserId: owner.user.id })).id;
  pointId = (await insertTestPoint(t.database, deviceId, { triggerEnable: 0, sort: 2 })).id;
  otherDeviceId = (await createDevice(t.database, { ownerUserId: otherTenant.user.id })).id;
  otherPointId = (await insertTestPoint(t.database, otherDeviceId)).id;
  await t.database.db.insert(deviceGrants).values({ deviceId, userId: assignee.user.id });
  const [mine, foreign] = await t.database.db
    .insert(contacts)
    .values([
      { ownerUserId: owner.user.id, name: 'mine' },
      { ownerUserId: otherTenant.user.id, name: 'foreign' },
    ])
    .returning();
  contactId = mine!.id;
  foreignContactId = foreign!.id;

  const monitorRole = await createRole(t.database, {
    ownerUserId: null,
    name: `monitor-${Date.now()}`,
    permissions: ['Monitor.DeviceMonitor'],
  });
  const monitor = await createUser(t.database, {
    userType: 3,
    parentId: owner.user.id,
    isSubuser: true,
    roleIds: [monitorRole],
  });
  monitorToken = await tokenFor(t.app, monitor.username, monitor.password);
  const plain = await createUser(t.database, { userType: 3, parentId: owner.user.id, isSubuser: true });
  plainToken = await tokenFor(t.app, plain.username, plain.password);
  t.runtime.bus.subscribe(BUS.alarmDevice, (m) =>
    alarmDeviceEvents.push((m as { deviceId: number }).deviceId),
  );
});
afterAll(async () => {
  await t?.close();
});

const limit = (extra: Record<string, unknown> = {}) => ({
  device_id: deviceId,
  point_id: pointId,
  kind: 'limit',
  trigger_optype: 1,
  trigger_threshold: { uplmt: 80 },
  ...extra,
});
const post = (body: unknown, token = owner.token) =>
  call<TriggerRow>(t.app, 'POST', '/trigger', { token, body });
const list = (token = owner.token, query = `device_id=${deviceId}`) =>
  call<TriggerRow[]>(t.app, 'GET', `/trigger?${query}`, { token });
const countTriggers = async () => (await t.database.db.select().from(triggers)).length;

describe('POST /trigger', () => {
  it('creates a trigger, switches its point on and tells the engines', async () => {
    const before = alarmDeviceEvents.length;
    const res = await post(
      limit({
        title: 'Too hot',
        trigger_threshold: '{"lolmt": null, "uplmt": 80}',
        level: 3,
        deadband: 2,
        delay_s: 30,
        contact_ids: [contactId],
      }),
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      device_id: deviceId,
      point_id: pointId,
      kind: 'limit',
      title: 'Too hot',
      alarm_type: 1,
      trigger_optype: 1,
      trigger_threshold: { lolmt: null, uplmt: 80 },
      level: 3,
      deadband: 2,
      delay_s: 30,
      enabled: true,
      notify: true,
      contact_ids: [contactId],
      open_alarm_id: null,
    });
    expect(res.body.data.point_name).toMatch(/^p\d+$/);
    const [point] = await t.database.db.select().from(dataPoints).where(eq(dataPoints.id, pointId));
    expect(point!.triggerEnable).toBe(1);
    expect(alarmDeviceEvents.slice(before)).toEqual([deviceId]);
  });

  it('refuses broken rules with 10002 naming the field, storing nothing', async () => {
    const before = await countTriggers();
    const cases: [Record<string, unknown>, string][] = [
      [limit({ trigger_optype: undefined }), 'trigger_optype'],
      [limit({ trigger_threshold: undefined }), 'trigger_threshold'],
      [limit({ trigger_threshold: { lolmt: null, uplmt: null } }), 'trigger_threshold'],
      [limit({ trigger_optype: 6, trigger_threshold: { lolmt: 1 } }), 'trigger_threshold'],
      [limit({ trigger_optype: 7, trigger_threshold: { lolmt: 5, uplmt: 1 } }), 'trigger_threshold'],
      [limit({ trigger_optype: 7, trigger_threshold: { lolmt: 0, uplmt: 10 }, deadband: 5.5 }), 'deadband'],
      [{ device_id: deviceId, point_id: pointId, kind: 'stale' }, 'stale_s'],
      [{ device_id: deviceId, point_id: pointId, kind: 'offline' }, 'point_id'],
      [{ device_id: deviceId, kind: 'code' }, 'point_id'],
      [limit({ point_id: otherPointId }), 'point_id'],
      [limit({ contact_ids: [contactId, foreignContactId] }), 'contact_ids'],
      [limit({ trigger_optype: 9 }), 'trigger_optype'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect({ field, code: res.body.code }).toEqual({ field, code: 10002 });
      expect(res.body.msg).toContain(field);
    }
    expect(await countTriggers()).toBe(before);
    // Half the range exactly is allowed for 7.
    expect(
      (await post(limit({ trigger_optype: 7, trigger_threshold: { lolmt: 0, uplmt: 10 }, deadband: 5 }))).body
        .code,
    ).toBe(0);
  });

  it('allows at most 10 triggers per point', async () => {
    const point = (await insertTestPoint(t.database, deviceId)).id;
    for (let i = 0; i < 10; i += 1) expect((await post(limit({ point_id: point }))).body.code).toBe(0);
    const res = await post(limit({ point_id: point }));
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toContain('point_id');
  });

  it('needs DeviceManage (10001) and the device owned in the caller subtree', async () => {
    expect((await post(limit(), monitorToken)).body.code).toBe(10001);
    expect((await post(limit(), plainToken)).body.code).toBe(10001);
    // Another tenant's device: not visible.
    const foreign = await post(limit(), otherTenant.token);
    expect(foreign.status).toBe(404);
    // An assignee sees the device but may not change its triggers.
    expect((await post(limit(), assignee.token)).body.code).toBe(10001);
  });
});

describe('GET /trigger', () => {
  it('lists offline first, then by point order; filters by point', async () => {
    const early = (await insertTestPoint(t.database, deviceId, { sort: 1 })).id;
    const offline = await post({ device_id: deviceId, kind: 'offline', delay_s: 60 });
    expect(offline.body.code).toBe(0);
    expect((await post(limit({ point_id: early }))).body.code).toBe(0);
    const rows = (await list()).body.data;
    expect(rows[0]!.kind).toBe('offline');
    expect(rows[0]!.point_id).toBeNull();
    expect(rows[1]!.point_id).toBe(early);
    const filtered = (await list(owner.token, `device_id=${deviceId}&point_id=${early}`)).body.data;
    expect(filtered.map((r) => r.point_id)).toEqual([early]);
  });

  it('reads with DeviceManage or Monitor.DeviceMonitor on a visible device', async () => {
    expect((await list(monitorToken)).body.code).toBe(0);
    expect((await list(assignee.token)).body.data.length).toBeGreaterThan(0);
    expect((await list(plainToken)).body.code).toBe(10001);
    const hidden = await list(otherTenant.token);
    expect(hidden.status).toBe(404);
  });
});

describe('PUT and DELETE /trigger/{id}', () => {
  it('changes only the given fields and re-checks the rules', async () => {
    const created = (await post(limit({ title: 'a', level: 4, contact_ids: [contactId] }))).body.data;
    const res = await call<TriggerRow>(t.app, 'PUT', `/trigger/${created.id}`, {
      token: owner.token,
      body: { trigger_optype: 6, trigger_threshold: { lolmt: 1, uplmt: 2 }, contact_ids: [] },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      title: 'a',
      level: 4,
      trigger_optype: 6,
      trigger_threshold: { lolmt: 1, uplmt: 2 },
      contact_ids: [],
    });
    const bad = await call(t.app, 'PUT', `/trigger/${created.id}`, {
      token: owner.token,
      body: { trigger_optype: 7, deadband: 1 },
    });
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('deadband');
    const foreignContact = await call(t.app, 'PUT', `/trigger/${created.id}`, {
      token: owner.token,
      body: { contact_ids: [foreignContactId] },
    });
    expect(foreignContact.body.code).toBe(10002);
    expect(foreignContact.body.msg).toContain('contact_ids');
    const [row] = await t.database.db.select().from(triggers).where(eq(triggers.id, created.id));
    expect([row!.optype, row!.deadband]).toEqual([6, 0]);
  });

  it('another tenant gets 404, an assignee 10001; the owner deletes', async () => {
    const created = (await post(limit())).body.data;
    const path = `/trigger/${created.id}`;
    expect((await call(t.app, 'PUT', path, { token: otherTenant.token, body: { level: 1 } })).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', path, { token: otherTenant.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', path, { token: assignee.token })).body.code).toBe(10001);
    expect((await call(t.app, 'DELETE', path, { token: monitorToken })).body.code).toBe(10001);
    const before = alarmDeviceEvents.length;
    expect((await call(t.app, 'DELETE', path, { token: owner.token })).body).toMatchObject({
      code: 0,
      data: null,
    });
    expect(alarmDeviceEvents.slice(before)).toEqual([deviceId]);
    expect((await call(t.app, 'DELETE', path, { token: owner.token })).status).toBe(404);
  });

  it('enabling a trigger again switches its point back on', async () => {
    const point = (await insertTestPoint(t.database, deviceId)).id;
    const created = (await post(limit({ point_id: point, enabled: false }))).body.data;
    const read = async () =>
      (await t.database.db.select().from(dataPoints).where(eq(dataPoints.id, point)))[0]!.triggerEnable;
    await t.database.db.update(dataPoints).set({ triggerEnable: 0 }).where(eq(dataPoints.id, point));
    expect(await read()).toBe(0);
    await call(t.app, 'PUT', `/trigger/${created.id}`, { token: owner.token, body: { enabled: true } });
    expect(await read()).toBe(1);
  });
});
