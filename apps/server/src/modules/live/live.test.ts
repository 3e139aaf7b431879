import { LIVE_CLOSE_POLICY, LIVE_CLOSE_UNAUTHORIZED, type LiveEvent } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPoint } from '../../pipeline/pipeline.fixtures.js';
import { BUS } from '../../platform/bus/event-bus.js';
import { call, createDevice, createDeviceUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { dataPoints, devices } from '../devices/devices.table.js';
import { triggers } from '../triggers/triggers.table.js';
import { users } from '../users/users.table.js';
import { LIVE_BUS } from './live.feed.js';
import { connectLive, type LiveTestClient, roundTrip } from './live.test-support.js';

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof createDeviceUser>> & { deviceId: number; pointId: number };
let alice: Tenant;
let bob: Tenant;
const open: LiveTestClient[] = [];

async function tenant(): Promise<Tenant> {
  const user = await createDeviceUser(t, { userType: 2 });
  const deviceId = (await createDevice(t.database, { ownerUserId: user.user.id })).id;
  const pointId = (await insertTestPoint(t.database, deviceId, { name: 'temp' })).id;
  return { ...user, deviceId, pointId };
}

async function connect(token?: string) {
  const client = await connectLive(t.app, token);
  open.push(client);
  return client;
}

/** The next message on a bus channel (the local bus delivers to the hub and to us alike). */
function nextBusMessage(channel: string): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = t.runtime.bus.subscribe(channel, (message) => {
      stop();
      resolve(message);
    });
  });
}

const ldOf = (deviceId: number) => (e: LiveEvent) => e.type === 'LD' && e.deviceId === deviceId;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await tenant();
  bob = await tenant();
}, 60_000);

afterAll(async () => {
  for (const client of open) client.close();
  await t?.close();
});

describe('/wss live channel', () => {
  it('sends each tenant only the readings and presence of its own devices', async () => {
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    a.send(`SUB,0,${JSON.stringify([alice.deviceId, bob.deviceId])}`); // bob's device is ignored silently
    b.send(`SUB,0,${JSON.stringify([bob.deviceId])}`);
    await Promise.all([roundTrip(a), roundTrip(b)]);

    const ts = Date.parse('2026-01-01T00:00:00Z');
    await t.runtime.pipeline.ingest([
      { deviceId: alice.deviceId, pointId: alice.pointId, ts, value: 21.5 },
      { deviceId: bob.deviceId, pointId: bob.pointId, ts, value: 7 },
    ]);
    const ld = await a.next(ldOf(alice.deviceId));
    expect(ld.data).toEqual([
      { point_id: alice.pointId, name: 'temp', slave_id: null, value: 21.5, at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await b.next(ldOf(bob.deviceId))).data).toMatchObject([{ value: 7 }]);

    await t.runtime.presence.connected(alice.deviceId, 'mqtt');
    await t.runtime.presence.connected(bob.deviceId, 'mqtt');
    const ol = await a.next((e) => e.type === 'OL');
    expect(ol).toMatchObject({ deviceId: alice.deviceId, data: { status: 1, via: 'mqtt', reason: '' } });
    await b.next((e) => e.type === 'OL' && e.deviceId === bob.deviceId);
    await Promise.all([roundTrip(a), roundTrip(b)]);
    expect(a.events.some((e) => e.deviceId === bob.deviceId)).toBe(false);
    expect(b.events.some((e) => e.deviceId === alice.deviceId)).toBe(false);
  });

  it('sends no LD before a SUB and none after UNSUB; coalesces one device into one message', async () => {
    // A device of its own: nothing subscribed to it yet in earlier tests.
    const deviceId = (await createDevice(t.database, { ownerUserId: alice.user.id })).id;
    const pointId = (await insertTestPoint(t.database, deviceId)).id;
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId: null, kind: 'config' });
    const a = await connect(alice.token);
    await roundTrip(a);
    const published = nextBusMessage(LIVE_BUS.readings);
    await t.runtime.pipeline.ingest([{ deviceId: deviceId, pointId: pointId, ts: Date.now(), value: 1 }]);
    await published; // fanned out (to nobody: no SUB yet)
    a.send(`SUB,0,[${deviceId}]`);
    await roundTrip(a);
    const second = await insertTestPoint(t.database, deviceId, { name: 'hum' });
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId: deviceId, kind: 'config' });
    const now = Date.now();
    await Promise.all([
      t.runtime.pipeline.ingest([{ deviceId: deviceId, pointId: pointId, ts: now, value: 2 }]),
      t.runtime.pipeline.ingest([{ deviceId: deviceId, pointId: second.id, ts: now, value: 3 }]),
    ]);
    const ld = await a.next(ldOf(deviceId));
    expect(a.events.filter((e) => e.type === 'LD')).toHaveLength(1);
    expect((ld.data as { value: unknown }[]).map((r) => r.value).sort()).toEqual([2, 3]);
    a.send(`UNSUB,0,[${deviceId}]`);
    await roundTrip(a);
    await t.runtime.pipeline.ingest([{ deviceId: deviceId, pointId: pointId, ts: now + 1, value: 4 }]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(a.events.filter((e) => e.type === 'LD')).toHaveLength(1);
  });

  it('withholds the LD of a device whose data is locked (expired past the grace period) until renewed', async () => {
    const DAY = 86_400_000;
    const lapsed = (await createDevice(t.database, { ownerUserId: alice.user.id })).id;
    const lapsedPoint = (await insertTestPoint(t.database, lapsed)).id;
    const fine = (await createDevice(t.database, { ownerUserId: alice.user.id })).id;
    const finePoint = (await insertTestPoint(t.database, fine)).id;
    const expireIn = (days: number) =>
      t.database.db
        .update(devices)
        .set({ expireAt: new Date(t.clock().getTime() + days * DAY) })
        .where(eq(devices.id, lapsed));
    await expireIn(-8); // grace period 7 days: locked
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId: null, kind: 'config' });
    const a = await connect(alice.token);
    a.send(`SUB,0,[${lapsed},${fine}]`);
    await roundTrip(a);
    const ts = Date.now();
    // One ingest, one coalesced flush: the unlocked device's LD proves the flush happened.
    await t.runtime.pipeline.ingest([
      { deviceId: lapsed, pointId: lapsedPoint, ts, value: 1 },
      { deviceId: fine, pointId: finePoint, ts, value: 2 },
    ]);
    await a.next(ldOf(fine));
    await roundTrip(a);
    expect(a.events.some(ldOf(lapsed))).toBe(false);

    // A renewal moves the expiry: the next re-validation unlocks the stream.
    await expireIn(300);
    await t.app.liveHub.revalidate();
    await t.runtime.pipeline.ingest([{ deviceId: lapsed, pointId: lapsedPoint, ts: ts + 1, value: 3 }]);
    expect((await a.next(ldOf(lapsed))).data).toMatchObject([{ value: 3 }]);

    // Expired again past the grace period: locked at the next re-validation.
    await expireIn(-30);
    await t.app.liveHub.revalidate();
    const before = a.events.filter(ldOf(fine)).length;
    await t.runtime.pipeline.ingest([
      { deviceId: lapsed, pointId: lapsedPoint, ts: ts + 2, value: 4 },
      { deviceId: fine, pointId: finePoint, ts: ts + 2, value: 5 },
    ]);
    await a.next(() => a.events.filter(ldOf(fine)).length > before);
    await roundTrip(a);
    expect(a.events.filter(ldOf(lapsed))).toHaveLength(1);
  });

  it('sees a device created after connecting once the bus says the devices changed', async () => {
    const a = await connect(alice.token);
    const deviceId = (await createDevice(t.database, { ownerUserId: alice.user.id })).id;
    const pointId = (await insertTestPoint(t.database, deviceId)).id;
    t.runtime.bus.publish(BUS.deviceChanged, { deviceId: null, kind: 'config' });
    a.send(`SUB,0,[${deviceId}]`);
    await roundTrip(a);
    await t.runtime.pipeline.ingest([{ deviceId, pointId, ts: Date.now(), value: 5 }]);
    await a.next(ldOf(deviceId));
  });

  it('fans an alarm out to the users who may see the device', async () => {
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    await Promise.all([roundTrip(a), roundTrip(b)]);
    t.app.liveHub.publishAlarm(alice.deviceId, {
      alarm_type: 1,
      point_id: alice.pointId,
      value: 99,
      at: '2026-01-01T00:00:00.000Z',
    });
    const al = await a.next((e) => e.type === 'AL');
    expect(al).toMatchObject({ deviceId: alice.deviceId, data: { alarm_type: 1, value: 99 } });
    await roundTrip(b);
    expect(b.events.some((e) => e.type === 'AL')).toBe(false);
  });

  it('pushes an alarm the engine raised from a reading only to the tenant of its device', async () => {
    for (const owner of [alice, bob]) {
      await t.database.db
        .update(dataPoints)
        .set({ triggerEnable: 1 })
        .where(eq(dataPoints.id, owner.pointId));
      await t.database.db.insert(triggers).values({
        deviceId: owner.deviceId,
        pointId: owner.pointId,
        kind: 'limit',
        optype: 1,
        uplmt: 50,
      });
      t.runtime.bus.publish(BUS.alarmDevice, { deviceId: owner.deviceId });
    }
    const a = await connect(alice.token);
    const b = await connect(bob.token);
    await Promise.all([roundTrip(a), roundTrip(b)]);
    const ts = Date.parse('2026-01-02T00:00:00Z');
    await t.runtime.pipeline.ingest([{ deviceId: alice.deviceId, pointId: alice.pointId, ts, value: 80 }]);
    await t.runtime.alarms.drained();
    const al = await a.next((e) => e.type === 'AL' && e.deviceId === alice.deviceId);
    expect(al.data).toMatchObject({ alarm_type: 1, cause: 'limit', point_id: alice.pointId, value: 80 });
    await roundTrip(b);
    expect(b.events.some((e) => e.type === 'AL')).toBe(false);

    await t.runtime.pipeline.ingest([{ deviceId: bob.deviceId, pointId: bob.pointId, ts, value: 90 }]);
    await t.runtime.alarms.drained();
    expect((await b.next((e) => e.type === 'AL')).deviceId).toBe(bob.deviceId);
    await roundTrip(a);
    expect(a.events.some((e) => e.type === 'AL' && e.deviceId === bob.deviceId)).toBe(false);
  });

  it('authenticates with an AUTH message carrying the user id, and refuses a wrong id', async () => {
    const a = await connect();
    a.send(`AUTH,${alice.user.id},${alice.token}`);
    a.send('HB,0,'); // queued while the token is checked
    const hb = await a.next((e) => e.type === 'HB');
    expect(typeof hb.data).toBe('number');

    const wrong = await connect();
    wrong.send(`AUTH,${bob.user.id},${alice.token}`);
    expect((await wrong.closed).code).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });

  it('closes a bad token with 4401', async () => {
    const client = await connect('not-a-token');
    expect((await client.closed).code).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });

  it('answers malformed messages with ERR, keeps serving, and closes after 20', async () => {
    const a = await connect(alice.token);
    a.send('garbage');
    a.send('SUB,0,{not json');
    a.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await roundTrip(a);
    expect(a.events.filter((e) => e.type === 'ERR')).toHaveLength(3);
    for (let i = 0; i < 17; i++) a.send(`NOPE,${i},x`);
    expect((await a.closed).code).toBe(LIVE_CLOSE_POLICY);
  });

  it('closes the socket with 4401 when the user logs out or is disabled', async () => {
    const token = await tokenFor(t.app, alice.user.username, alice.user.password);
    const a = await connect(token);
    await roundTrip(a);
    expect((await call(t.app, 'POST', '/login/logout', { token })).body.code).toBe(0);
    // The hub's own timer re-checks sessions every 2 s.
    expect((await a.closed).code).toBe(LIVE_CLOSE_UNAUTHORIZED);

    const b = await connect(bob.token);
    await roundTrip(b);
    // Disabled without its sessions being revoked: the status alone ends the socket.
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.id, bob.user.id));
    await t.app.liveHub.revalidate();
    expect((await b.closed).code).toBe(LIVE_CLOSE_UNAUTHORIZED);
    expect(t.app.liveHub.counters().revoked).toBeGreaterThanOrEqual(2);
  });
});
