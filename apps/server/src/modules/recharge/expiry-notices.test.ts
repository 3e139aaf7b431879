import type { ExpiryNoticeRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice, createDeviceUser, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { devices } from '../devices/devices.table.js';
import { createExpiryNoticeTick, expiryStage } from './expiry-notices.js';

/**
 * Issue 20 item 4: notices 30, 7 and 1 days before a device's service expiry and once at the expiry,
 * one per owner and stage listing the devices, never twice for a device, stage and expiry date (two
 * ticks at once neither), re-armed by a renewal.
 */
const DAY = 86_400_000;
let t: TestApp;
let tick: () => Promise<number>;
let owner: Awaited<ReturnType<typeof createDeviceUser>>;
let other: Awaited<ReturnType<typeof createDeviceUser>>;
const ids: Record<string, number> = {};

const expireIn = (id: number, days: number) =>
  t.database.db
    .update(devices)
    .set({ expireAt: new Date(t.clock().getTime() + days * DAY) })
    .where(eq(devices.id, id));
const noticesOf = async (token: string) =>
  (await call<ExpiryNoticeRow[]>(t.app, 'GET', '/fee/expiry-notices', { token })).body.data;

beforeAll(async () => {
  t = await createTestApp();
  tick = createExpiryNoticeTick({ database: t.database, clock: t.clock });
  owner = await createDeviceUser(t, { userType: 2 });
  other = await createDeviceUser(t, { userType: 2 });
  for (const [name, days, who] of [
    ['Alpha', 20, owner],
    ['Beta', 25, owner],
    ['Gamma', 5, owner],
    ['Far', 100, owner],
    ['Theirs', 10, other],
  ] as const) {
    ids[name] = (await createDevice(t.database, { ownerUserId: who.user.id, title: name })).id;
    await expireIn(ids[name]!, days);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('pre-expiry notices', () => {
  it('knows the stage of an expiry', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    expect([31, 30, 8, 7, 1.5, 1, 0.01, 0, -3].map((d) => expiryStage(at(d), now))).toEqual([
      null,
      30,
      30,
      7,
      7,
      1,
      1,
      0,
      0,
    ]);
  });

  it('batches per owner and stage, each device at its most urgent stage, to the owner only', async () => {
    expect(await tick()).toBe(3);
    const mine = await noticesOf(owner.token);
    expect(mine.map((n) => [n.stage, n.count, n.devices, n.read]).sort()).toEqual([
      [30, 2, 'Alpha, Beta', false],
      [7, 1, 'Gamma', false],
    ]);
    expect((await noticesOf(other.token)).map((n) => [n.stage, n.devices])).toEqual([[30, 'Theirs']]);
  });

  it('never sends a stage twice, also with two ticks at once', async () => {
    expect(await tick()).toBe(0);
    expect(await Promise.all([tick(), tick()])).toEqual([0, 0]);
    const fresh = (await createDevice(t.database, { ownerUserId: owner.user.id, title: 'Fresh' })).id;
    await expireIn(fresh, 3);
    const both = await Promise.all([tick(), tick()]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await noticesOf(owner.token)).filter((n) => n.devices === 'Fresh')).toHaveLength(1);
  });

  it('moves on to the next stages as time passes, and a renewal re-arms them', async () => {
    t.clock.advance(19.5 * 86_400); // Alpha 0.5 day left, Beta 5.5, Gamma and Fresh expired, Theirs too
    // Sessions do not last 19 days: sign in again.
    owner.token = await tokenFor(t.app, owner.user.username, owner.user.password);
    other.token = await tokenFor(t.app, other.user.username, other.user.password);
    expect(await tick()).toBe(4);
    const mine = await noticesOf(owner.token);
    const latest = mine.slice(0, 3).map((n) => [n.stage, n.devices]);
    expect(latest.sort()).toEqual([
      [0, 'Fresh, Gamma'], // soonest expiry first
      [1, 'Alpha'],
      [7, 'Beta'],
    ]);
    // Renewed: a new expiry date, its stages armed again.
    await expireIn(ids.Gamma!, 6);
    expect(await tick()).toBe(1);
    expect((await noticesOf(owner.token))[0]).toMatchObject({ stage: 7, devices: 'Gamma', count: 1 });
    expect((await noticesOf(other.token)).map((n) => [n.stage, n.devices])).toEqual([
      [0, 'Theirs'],
      [30, 'Theirs'],
    ]);
    expect(await tick()).toBe(0);
  });

  it('marks the notices read', async () => {
    const before = await noticesOf(owner.token);
    const first = before[0]!.id;
    const read = await call(t.app, 'POST', '/fee/expiry-notices/read', {
      token: owner.token,
      body: { ids: [first] },
    });
    expect(read.body.code).toBe(0);
    const after = await noticesOf(owner.token);
    expect(after.filter((n) => n.read).map((n) => n.id)).toEqual([first]);
    await call(t.app, 'POST', '/fee/expiry-notices/read', { token: owner.token, body: {} });
    expect((await noticesOf(owner.token)).every((n) => n.read)).toBe(true);
    // Another account's read marks nothing of mine, and mine stay theirs unread.
    expect((await noticesOf(other.token)).every((n) => !n.read)).toBe(true);
    expect((await call(t.app, 'GET', '/fee/expiry-notices')).body.code).not.toBe(0);
  });
});
