import type { BalanceReport, FeeConfigView, ListResult, RenewQuote, StatementRow } from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDevice } from '../../test-support/factories.js';
import { type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { options } from '../system/system.table.js';
import { users } from '../users/users.table.js';

/**
 * Fee configuration (issue 20 item 5): base prices, a parent's prices for the accounts below it (never
 * below its own cost) and the renewal split: the payer's price to the platform, each reseller's margin
 * to its balance, in the renewal's transaction.
 */
const PERMS = ['Recharge', 'Recharge/balance', 'Recharge/renew', 'auth.User', 'auth.User/edit'];
type Caller = { id: number; token: string };
let kit: RechargeKit;
let agent: Caller;
let customer: Caller;
let endUser: Caller;
let otherAgent: Caller;

const get = (who: Caller | string) =>
  call<FeeConfigView>(kit.t.app, 'GET', '/fee/config', { token: typeof who === 'string' ? who : who.token });
const setChild = (who: Caller, id: number, body: unknown) =>
  call<FeeConfigView>(kit.t.app, 'PUT', `/fee/config/${id}`, { token: who.token, body });
const available = async (who: Caller) =>
  (await call<BalanceReport>(kit.t.app, 'GET', '/recharge/balance', { token: who.token })).body.data
    .available;
const fund = (id: number, amount: number) =>
  call(kit.t.app, 'POST', '/recharge/credit', {
    token: kit.adminToken,
    body: { user_id: id, amount, mode: 'offline', note: 'fee config test' },
  });
const revenue = async () =>
  (await createLedgerService({ db: kit.t.database.db }).balance({ kind: 'platform_revenue' })).posted;

beforeAll(async () => {
  kit = await startRechargeKit();
  agent = await kit.user({ permissions: PERMS, userType: 2 });
  otherAgent = await kit.user({ permissions: PERMS, userType: 2 });
  customer = await kit.user({ parentId: agent.id, permissions: PERMS, userType: 3 });
  endUser = await kit.user({ parentId: customer.id, permissions: PERMS, userType: 4 });
}, 60_000);
afterAll(() => kit?.close());

describe('base prices', () => {
  it('are set by the platform administrator only', async () => {
    const base = { rent_fee: 1_000, sms_price: 10, voice_price: 40, scada_price: 20_000 };
    const refused = await call(kit.t.app, 'PUT', '/fee/base', { token: agent.token, body: base });
    expect(refused.body.code).toBe(10001);
    const res = await call<FeeConfigView>(kit.t.app, 'PUT', '/fee/base', {
      token: kit.adminToken,
      body: base,
    });
    expect(res.body.data).toMatchObject({ base, can_edit_base: true, own: null });
    const bad = await call(kit.t.app, 'PUT', '/fee/base', {
      token: kit.adminToken,
      body: { ...base, rent_fee: -1 },
    });
    expect(bad.body.code).toBe(10002);
  });

  it('price an account with nothing set above it: rent at the base, discounts of the base', async () => {
    await kit.t.database.db.update(users).set({ smsDiscount: 90 }).where(eq(users.id, agent.id));
    const view = (await get(agent)).body.data;
    expect(view.own?.prices).toEqual({ rent_fee: 1_000, sms_price: 9, voice_price: 40, scada_price: 20_000 });
  });
});

describe("a parent's fees for the accounts below it", () => {
  it('are set per child, never below the parent’s own cost, and show the margin', async () => {
    await kit.t.database.db.update(users).set({ rentFee: 2_000 }).where(eq(users.id, agent.id));
    const below = await setChild(agent, customer.id, { rent_fee: 1_500 });
    expect(below.body).toMatchObject({ code: 20000, msg_key: 'fee.belowCost', msg_params: { cost: 2_000 } });
    const cheapSms = await setChild(agent, customer.id, { sms_discount: 80 });
    expect(cheapSms.body).toMatchObject({ code: 20000, msg_params: { fee: 'sms_discount', cost: 90 } });
    const ok = await setChild(agent, customer.id, { rent_fee: 3_500, sms_discount: 100 });
    expect(ok.body.code).toBe(0);
    const row = ok.body.data.children.find((c) => c.user_id === customer.id)!;
    expect(row.prices).toMatchObject({ rent_fee: 3_500, sms_price: 10 });
    expect(row.margin).toMatchObject({ rent_fee: 1_500, sms_price: 1 });
    // The user admin drawer is held to the same rule.
    const viaDrawer = await call(kit.t.app, 'PUT', `/auth/user/${customer.id}`, {
      token: agent.token,
      body: { fees: { rent_fee: 1_000, sms_discount: 100, voice_discount: 100, scada_discount: 100 } },
    });
    expect(viaDrawer.body).toMatchObject({ code: 20000, msg_key: 'fee.belowCost' });
    const [stored] = await kit.t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.rentFee).toBe(3_500);
  });

  it('are refused for an account of another tree', async () => {
    const res = await setChild(otherAgent, customer.id, { rent_fee: 9_000 });
    expect(res.status).toBe(404);
    const [stored] = await kit.t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.rentFee).toBe(3_500);
  });
});

describe('renewal at the reseller’s price', () => {
  it("pays each reseller's margin into its balance in the renewal's transaction", async () => {
    await setChild(customer, endUser.id, { rent_fee: 5_000 });
    const quote = await call<RenewQuote>(kit.t.app, 'GET', '/recharge/renew/quote', { token: endUser.token });
    expect(quote.body.data.unit_fee).toBe(5_000);
    await fund(endUser.id, 20_000);
    const devs = [
      await createDevice(kit.t.database, { ownerUserId: endUser.id }),
      await createDevice(kit.t.database, { ownerUserId: endUser.id }),
    ];
    const [agentBefore, customerBefore, revenueBefore] = [
      await available(agent),
      await available(customer),
      await revenue(),
    ];
    const res = await call(kit.t.app, 'POST', '/recharge/renew', {
      token: endUser.token,
      body: { device_ids: devs.map((d) => d.id), years: 1 },
    });
    expect(res.body).toMatchObject({ code: 0, data: { unit_fee: 5_000, amount: 10_000 } });
    expect(await available(endUser)).toBe(10_000);
    // customer: 5000 - 3500 per device-year; agent: 3500 - 2000; the platform keeps 2000.
    expect((await available(customer)) - customerBefore).toBe(3_000);
    expect((await available(agent)) - agentBefore).toBe(3_000);
    expect((await revenue()) - revenueBefore).toBe(4_000);
    const statement = await call<ListResult<StatementRow>>(
      kit.t.app,
      'GET',
      '/recharge/statement?page=1&limit=10&kind=margin',
      { token: customer.token },
    );
    expect(statement.body.data.rows).toHaveLength(1);
    expect(statement.body.data.rows[0]).toMatchObject({ kind: 'margin', amount: 3_000 });
  });

  it('a refused renewal pays no margin', async () => {
    const poor = await kit.user({ parentId: customer.id, permissions: PERMS, userType: 4 });
    const dev = await createDevice(kit.t.database, { ownerUserId: poor.id });
    const before = await available(customer);
    const res = await call(kit.t.app, 'POST', '/recharge/renew', {
      token: poor.token,
      body: { device_ids: [dev.id], years: 1 },
    });
    expect(res.body.code).toBe(20000);
    expect(await available(customer)).toBe(before);
  });
});

describe('module switch', () => {
  it('answers 20000 while fee config is off', async () => {
    await kit.t.database.db
      .insert(options)
      .values({ name: 'modules', value: { feeConfig: false } })
      .onConflictDoUpdate({ target: options.name, set: { value: { feeConfig: false } } });
    const res = await get(agent);
    expect(res.body).toMatchObject({ code: 20000, msg_key: 'fee.configOff' });
    await kit.t.database.db.delete(options).where(eq(options.name, 'modules'));
    expect((await get(agent)).body.code).toBe(0);
  });
});
