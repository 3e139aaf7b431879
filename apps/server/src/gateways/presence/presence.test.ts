import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceOnofflineLog, deviceSignal } from '../../modules/connectivity/connectivity.table.js';
import { devices } from '../../modules/devices/devices.table.js';
import { BUS, createLocalBus, type EventBus } from '../../platform/bus/event-bus.js';
import { createDevice, createUser } from '../../test-support/factories.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../test-support/test-app.js';
import type { PresenceEvent } from '../types.js';
import { createPresence, type PresenceService } from './presence.js';

let t: TestApp;
let ownerId: number;
let bus: EventBus;
let clock: TestClock;
let presence: PresenceService;
const events: PresenceEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database, { userType: 2 })).id;
  bus = createLocalBus();
  bus.subscribe(BUS.presence, (message) => events.push(message as PresenceEvent));
  clock = createTestClock(new Date('2026-03-01T00:00:00Z'));
  presence = createPresence({ database: t.database, bus, clock, silentAfterMs: 60_000 });
});
afterAll(async () => {
  await presence?.close();
  await t?.close();
});

const newDevice = async () => (await createDevice(t.database, { ownerUserId: ownerId })).id;
const statusOf = async (deviceId: number) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;
const logOf = (deviceId: number) =>
  t.database.db
    .select()
    .from(deviceOnofflineLog)
    .where(eq(deviceOnofflineLog.deviceId, deviceId))
    .orderBy(asc(deviceOnofflineLog.id));
const eventsOf = (deviceId: number) => events.filter((e) => e.deviceId === deviceId);

describe('presence', () => {
  it('logs only real transitions and publishes them', async () => {
    const id = await newDevice();
    await presence.connected(id, 'mqtt', '10.0.0.7');
    await presence.connected(id, 'mqtt', '10.0.0.8');
    expect((await statusOf(id)).status).toBe(1);
    expect((await statusOf(id)).onlineAt?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    clock.advance(5);
    await presence.disconnected(id, 'mqtt', 'closed');
    await presence.disconnected(id, 'mqtt', 'closed');
    expect((await statusOf(id)).status).toBe(0);
    const log = await logOf(id);
    expect(log.map((r) => [r.status, r.via, r.reason, r.remoteAddress])).toEqual([
      [1, 'mqtt', '', '10.0.0.7'],
      [0, 'mqtt', 'closed', ''],
    ]);
    expect(eventsOf(id).map((e) => [e.status, e.reason])).toEqual([
      [1, ''],
      [0, 'closed'],
    ]);
  });

  it('keeps concurrent calls of one device in order', async () => {
    const id = await newDevice();
    await Promise.all([
      presence.connected(id, 'dtu'),
      presence.disconnected(id, 'dtu', 'heartbeat'),
      presence.connected(id, 'dtu'),
    ]);
    expect((await logOf(id)).map((r) => r.status)).toEqual([1, 0, 1]);
    expect((await statusOf(id)).status).toBe(1);
  });

  it('marks connectionless devices online on traffic and offline after silence', async () => {
    const id = await newDevice();
    await presence.seen(id, 'http', '192.0.2.1');
    await presence.seen(id, 'http', '192.0.2.1');
    expect((await statusOf(id)).status).toBe(1);
    clock.advance(30);
    await presence.seen(id, 'http');
    clock.advance(45); // 45 s since the last traffic: still within the minute
    await presence.sweep();
    expect((await statusOf(id)).status).toBe(1);
    clock.advance(16);
    expect(await presence.sweep()).toBeGreaterThanOrEqual(1);
    expect((await statusOf(id)).status).toBe(0);
    expect((await logOf(id)).map((r) => [r.status, r.via, r.reason])).toEqual([
      [1, 'http', ''],
      [0, 'http', 'silent'],
    ]);
    await presence.seen(id, 'http');
    expect((await statusOf(id)).status).toBe(1);
  });

  it('counts traffic another instance saw (bus) before calling a device silent', async () => {
    const id = await newDevice();
    await presence.seen(id, 'mqtt');
    clock.advance(50);
    bus.publish('device.seen', { deviceId: id, via: 'mqtt', at: clock().getTime() });
    clock.advance(50);
    await presence.sweep();
    expect((await statusOf(id)).status).toBe(1);
    clock.advance(11);
    await presence.sweep();
    expect((await statusOf(id)).status).toBe(0);
  });

  it('records signal quality, at most one history row per device and minute', async () => {
    const id = await newDevice();
    await presence.reportCsq(id, 18);
    await presence.reportCsq(id, 18);
    await presence.reportCsq(id, 12); // within the minute: latest value only
    expect((await statusOf(id)).csq).toBe(12);
    clock.advance(61);
    await presence.reportCsq(id, 20);
    await presence.reportCsq(id, 77); // not a CSQ value: ignored
    const rows = await t.database.db.select().from(deviceSignal).where(eq(deviceSignal.deviceId, id));
    expect(rows.map((r) => r.csq).sort()).toEqual([18, 20]);
    expect((await statusOf(id)).csq).toBe(20);
  });

  it('marks every online device offline at start with one shutdown row each', async () => {
    const a = await newDevice();
    const b = await newDevice();
    await presence.connected(a, 'dtu');
    await presence.seen(b, 'http');
    const count = await presence.recoverAtStart();
    expect(count).toBeGreaterThanOrEqual(2);
    expect((await logOf(a)).map((r) => [r.status, r.via, r.reason])).toEqual([
      [1, 'dtu', ''],
      [0, 'dtu', 'shutdown'],
    ]);
    expect((await logOf(b)).at(-1)).toMatchObject({ status: 0, via: 'http', reason: 'shutdown' });
    expect(await presence.recoverAtStart()).toBe(0);
  });

  it('never throws for a device that no longer exists', async () => {
    await expect(presence.reportCsq(999_999, 10)).resolves.toBeUndefined();
    await expect(presence.connected(999_999, 'mqtt')).resolves.toBeUndefined();
  });
});
