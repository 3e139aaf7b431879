import type {
  BalanceReport,
  ListResult,
  RenewableDeviceRow,
  RenewalOrderRow,
  RenewQuote,
} from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { addYears } from './renewal.service.js';

const PERMS = ['Recharge', 'Recharge/balance', 'Recharge/renew', 'Recharge/renew_record'];
let kit: RechargeKit;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let ids: number[];
let foreignId: number;
const FEE = 3_000; // 30.00 per device and year
const future = new Date(Date.now() + 100 * 86_400_000);

beforeAll(async () => {
  kit = await startRechargeKit();
  owner = await kit.user({ permissions: PERMS });
  other = await kit.user({ permissions: PERMS });
  await kit.t.database.db.update(users).set({ rentFee: FEE }).where(eq(users.id, owner.id));
  const a = await createDevice(kit.t.database, { ownerUserId: owner.id });
  const b = await createDevice(kit.t.database, { ownerUserId: owner.id });
  await kit.t.database.db.update(devices).set({ expireAt: future }).where(eq(devices.id, b.id));
  ids = [a.id, b.id];
  foreignId = (await createDevice(kit.t.database, { ownerUserId: other.id })).id;
  await call(kit.t.app, 'POST', '/recharge/credit', {
    token: kit.adminToken,
    body: { user_id: owner.id, amount: 20_000, mode: 'offline', note: 'for renewals' },
  });
}, 60_000);
afterAll(() => kit?.close());

const renew = (token: string, body: unknown) =>
  call<RenewalOrderRow>(kit.t.app, 'POST', '/recharge/renew', { token, body });
const available = async (token: string) =>
  (await call<BalanceReport>(kit.t.app, 'GET', '/recharge/balance', { token })).body.data.available;
const expiries = async () =>
  (await kit.t.database.db.select({ id: devices.id, at: devices.expireAt }).from(devices)).filter((d) =>
    ids.includes(d.id),
  );

describe('device renewal', () => {
  it('quotes the rent fee and lists own devices with their expiry, soonest first', async () => {
    const quote = await call<RenewQuote>(kit.t.app, 'GET', '/recharge/renew/quote', { token: owner.token });
    expect(quote.body.data).toEqual({ unit_fee: FEE, available: 20_000 });
    const list = await call<ListResult<RenewableDeviceRow>>(
      kit.t.app,
      'GET',
      '/recharge/renew/devices?page=1&limit=10',
      { token: owner.token },
    );
    expect(list.body.data.rows.map((r) => r.id)).toEqual([ids[1], ids[0]]);
  });

  it('renews N devices for Y years from the balance, extending each from max(now, expiry)', async () => {
    const res = await renew(owner.token, { device_ids: ids, years: 2 });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      device_count: 2,
      years: 2,
      unit_fee: FEE,
      amount: 12_000,
      order_type: 1,
      pay_mode: 2,
    });
    expect(await available(owner.token)).toBe(8_000);
    const after = new Map((await expiries()).map((d) => [d.id, d.at!.getTime()]));
    expect(after.get(ids[1]!)).toBe(addYears(future, 2).getTime());
    // Never expiring (null) counts from now (the app's clock).
    expect(after.get(ids[0]!)).toBe(addYears(kit.t.clock(), 2).getTime());
    const orders = await call<ListResult<RenewalOrderRow>>(
      kit.t.app,
      'GET',
      '/recharge/renew/orders?page=1&limit=10',
      { token: owner.token },
    );
    expect(orders.body.data.rows[0]!.devices.map((d) => d.device_id).sort()).toEqual([...ids].sort());
    expect(orders.body.data.rows[0]!.devices.find((d) => d.device_id === ids[1])?.expire_before).toBe(
      future.toISOString(),
    );
  });

  it('refuses what it cannot pay, foreign devices and a missing rent fee, changing nothing', async () => {
    const snapshot = await expiries();
    expect((await renew(owner.token, { device_ids: ids, years: 2 })).body).toMatchObject({
      code: 20000,
      msg: 'insufficient balance',
    });
    expect((await renew(owner.token, { device_ids: [ids[0], foreignId], years: 1 })).body.code).toBe(20000);
    expect((await renew(other.token, { device_ids: [foreignId], years: 1 })).body).toMatchObject({
      code: 20000,
    });
    expect((await renew(owner.token, { device_ids: [ids[0], ids[0]], years: 1 })).body.code).toBe(10002);
    expect((await renew(owner.token, { device_ids: ids, years: 0 })).body.code).toBe(10002);
    expect(await expiries()).toEqual(snapshot);
    expect(await available(owner.token)).toBe(8_000);
    const orders = await call<ListResult<RenewalOrderRow>>(
      kit.t.app,
      'GET',
      '/recharge/renew/orders?page=1&limit=10',
      { token: owner.token },
    );
    expect(orders.body.data.total).toBe(1);
    const strangers = await call<ListResult<RenewalOrderRow>>(
      kit.t.app,
      'GET',
      '/recharge/renew/orders?page=1&limit=10',
      { token: other.token },
    );
    expect(strangers.body.data.total).toBe(0);
  });

  it('needs Recharge/renew', async () => {
    const plain = await kit.user({ permissions: ['Recharge', 'Recharge/balance'] });
    expect((await renew(plain.token, { device_ids: ids, years: 1 })).body.code).toBe(10001);
  });
});
