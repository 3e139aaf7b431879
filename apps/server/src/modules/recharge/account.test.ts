import type {
  BalanceReport,
  ConsumptionRow,
  FeeOverview,
  ListResult,
  MerchantSettingsRow,
  RechargeOrderRow,
  StatementRow,
  UserInfo,
} from '@fleet/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { API_V3_KEY, type RechargeKit, startRechargeKit } from '../../test-support/recharge-kit.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { users } from '../users/users.table.js';
import { monthStart } from './account.service.js';
import { paymentMerchants, rechargeOrders } from './recharge.table.js';

let kit: RechargeKit;
let parent: { id: number; token: string };
let child: { id: number; token: string };
let stranger: { id: number; token: string };
beforeAll(async () => {
  kit = await startRechargeKit();
  await kit.saveWechat();
  parent = await kit.user();
  child = await kit.user({ parentId: parent.id, userType: 2 });
  stranger = await kit.user();
}, 60_000);
afterAll(() => kit?.close());

const get = <T>(url: string, token: string) => call<T>(kit.t.app, 'GET', url, { token });
const available = async (token: string) =>
  (await get<BalanceReport>('/recharge/balance', token)).body.data.available;
const credit = (token: string, body: Record<string, unknown>) =>
  call<RechargeOrderRow>(kit.t.app, 'POST', '/recharge/credit', { token, body });

describe('merchant settings', () => {
  it('are user type 0 only, never answer the keys, and store them sealed', async () => {
    const listed = await get<MerchantSettingsRow[]>('/platform/payment-merchants', kit.adminToken);
    expect(listed.body.data[0]).toMatchObject({
      provider: 'wechat',
      has_private_key: true,
      has_api_key: true,
    });
    expect(JSON.stringify(listed.body)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(listed.body)).not.toContain(API_V3_KEY);
    const [row] = await kit.t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.provider, 'wechat'));
    expect(row!.privateKey.startsWith('sb1:')).toBe(true);
    expect(row!.apiKey.startsWith('sb1:')).toBe(true);
    expect(row!.privateKey).not.toContain('PRIVATE KEY');
    expect((await get('/platform/payment-merchants', parent.token)).body.code).toBe(10001);
    expect(
      (await call(kit.t.app, 'PUT', '/platform/payment-merchants/wechat', { token: parent.token, body: {} }))
        .body.code,
    ).not.toBe(0);
  });

  it('refuses bad keys with a clear 10002 and keeps what was stored; absent keys keep the stored ones', async () => {
    const [before] = await kit.t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.provider, 'wechat'));
    const bad = (await kit.saveWechat({ public_key: 'not a key' })) as {
      body: { code: number; msg: string };
    };
    expect(bad.body).toMatchObject({ code: 10002, msg: expect.stringMatching(/public_key/) });
    const short = (await kit.saveWechat({ api_key: 'short' })) as { body: { code: number; msg: string } };
    expect(short.body).toMatchObject({ code: 10002, msg: expect.stringMatching(/api_key/) });
    const [after] = await kit.t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.provider, 'wechat'));
    expect(after).toEqual(before);
    const kept = (await kit.saveWechat({ private_key: undefined, api_key: undefined })) as {
      body: { code: number };
    };
    expect(kept.body.code).toBe(0);
    const [now] = await kit.t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.provider, 'wechat'));
    expect(now!.privateKey).toBe(before!.privateKey);
    expect(
      (await get<{ providers: string[] }>('/recharge/providers', parent.token)).body.data.providers,
    ).toEqual(['wechat']);
  });
});

describe('credits from a parent', () => {
  it('offline credit is the platform administrator’s, audited as an order with the operator and note', async () => {
    expect(
      (await credit(parent.token, { user_id: child.id, amount: 100, mode: 'offline', note: 'cash' })).body
        .code,
    ).toBe(20000);
    const res = await credit(kit.adminToken, {
      user_id: parent.id,
      amount: 10_000,
      mode: 'offline',
      note: 'bank transfer 42',
    });
    expect(res.body.data).toMatchObject({
      pay_mode: -1,
      status: 1,
      amount: 10_000,
      note: 'bank transfer 42',
      user_id: parent.id,
    });
    expect(res.body.data.operator_name).toBe('Administrator');
    expect(await available(parent.token)).toBe(10_000);
  });

  it('a parent moves money from its own balance to a child; never more than it has; never to a stranger', async () => {
    const res = await credit(parent.token, {
      user_id: child.id,
      amount: 2_500,
      mode: 'balance',
      note: 'for the site',
    });
    expect(res.body.data).toMatchObject({ pay_mode: 2, status: 1, amount: 2_500 });
    expect(await available(parent.token)).toBe(7_500);
    expect(await available(child.token)).toBe(2_500);
    // The audit: the credited account's orders name who credited it, with the note.
    const [by] = await kit.t.database.db.select().from(users).where(eq(users.id, parent.id));
    const seen = await get<ListResult<RechargeOrderRow>>('/recharge/orders?page=1&limit=10', child.token);
    expect(seen.body.data.rows.find((r) => r.id === res.body.data.id)).toMatchObject({
      user_id: child.id,
      operator_name: by!.nickName || by!.username,
      note: 'for the site',
      pay_mode: 2,
    });
    const count = async () => (await kit.t.database.db.select().from(rechargeOrders)).length;
    const orders = await count();
    const tooMuch = await credit(parent.token, {
      user_id: child.id,
      amount: 7_501,
      mode: 'balance',
      note: 'x',
    });
    expect(tooMuch.body).toMatchObject({ code: 20000, msg: 'insufficient balance' });
    expect(await count()).toBe(orders);
    expect(await available(parent.token)).toBe(7_500);
    expect(
      (await credit(parent.token, { user_id: stranger.id, amount: 1, mode: 'balance', note: 'x' })).body.code,
    ).toBe(20000);
    expect(
      (await credit(child.token, { user_id: parent.id, amount: 1, mode: 'balance', note: 'x' })).body.code,
    ).toBe(20000);
    expect(
      (await credit(parent.token, { user_id: child.id, amount: 0, mode: 'balance', note: 'x' })).body.code,
    ).toBe(10002);
    expect(await available(parent.token)).toBe(7_500);
  });

  it('statement and order lists follow the ledger and the scope', async () => {
    const statement = await get<ListResult<StatementRow>>(
      '/recharge/statement?page=1&limit=10',
      parent.token,
    );
    expect(statement.body.data.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['credit', -2_500],
      ['credit', 10_000],
    ]);
    const incoming = await get<ListResult<StatementRow>>(
      '/recharge/statement?page=1&limit=10&direction=in',
      parent.token,
    );
    expect(incoming.body.data.total).toBe(1);
    const parentOrders = await get<ListResult<RechargeOrderRow>>(
      '/recharge/orders?page=1&limit=10',
      parent.token,
    );
    expect(parentOrders.body.data.rows.map((r) => r.user_id).sort()).toEqual([parent.id, child.id].sort());
    const childOrders = await get<ListResult<RechargeOrderRow>>(
      '/recharge/orders?page=1&limit=10',
      child.token,
    );
    expect(childOrders.body.data.rows.map((r) => r.user_id)).toEqual([child.id]);
    const other = await get<ListResult<RechargeOrderRow>>('/recharge/orders?page=1&limit=10', stranger.token);
    expect(other.body.data.total).toBe(0);
    const childOrder = childOrders.body.data.rows[0]!;
    expect((await get(`/recharge/orders/${childOrder.id}`, stranger.token)).body.code).toBe(20000);
  });
});

describe('consumption, overview and permissions', () => {
  it('lists SMS, voice and SIM renewal consumption with filters and exports xlsx', async () => {
    const ledger = createLedgerService({ db: kit.t.database.db });
    const owner = child.id;
    // Counted SMS (the column is where the count started), voice 'no limit'.
    await kit.t.database.db.update(users).set({ smsCount: 10, voiceCount: null }).where(eq(users.id, owner));
    await ledger.transfer({
      from: { kind: 'sms_supply' },
      to: { kind: 'sms_quota', owner },
      amount: 10,
      kind: 'quota_purchase',
      idempotencyKey: 't:sms',
    });
    await ledger.transfer({
      from: { kind: 'sms_quota', owner },
      to: { kind: 'sms_supply' },
      amount: 1,
      kind: 'consumption',
      idempotencyKey: 't:sms:1',
      reference: 'sms 1',
    });
    await ledger.transfer({
      from: { kind: 'user_balance', owner },
      to: { kind: 'platform_revenue' },
      amount: 300,
      kind: 'consumption',
      idempotencyKey: 't:sim:1',
      reference: 'sim 8986',
    });
    const all = await get<ListResult<ConsumptionRow>>('/recharge/consumption?page=1&limit=10', child.token);
    expect(all.body.data.rows.map((r) => [r.consume_type, r.amount])).toEqual([
      [3, 300],
      [1, 1],
    ]);
    const sms = await get<ListResult<ConsumptionRow>>(
      '/recharge/consumption?page=1&limit=10&consume_type=1',
      child.token,
    );
    expect(sms.body.data.rows).toHaveLength(1);
    const res = await kit.t.app.inject({
      method: 'GET',
      url: '/api/v1/recharge/consumption/export?lang=en&tz=Asia/Shanghai',
      headers: { 'x-token': child.token },
    });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Type');
    expect(sheet.getRow(2).getCell(2).value).toBe('SIM renewal');
    expect(sheet.getRow(2).getCell(3).value).toBe(3);

    const overview = await get<FeeOverview>('/fee/overview', child.token);
    // Remaining counts are the ledger's (10 bought, 1 used), not the column's; voice has no limit.
    expect(overview.body.data).toMatchObject({ month_spent: 300, sms_left: 9, voice_left: null });
    const profile = await get<UserInfo>('/auth/user/info', child.token);
    expect(profile.body.data.limits).toMatchObject({ sms_count: 9, voice_count: null });
    expect(overview.body.data.balance.available).toBe(2_200);
    expect(overview.body.data.recent_orders[0]).toMatchObject({ user_id: child.id, amount: 2_500 });
  });

  it('needs the Recharge permissions (the fee overview only a signed-in user)', async () => {
    const plain = await kit.user({ permissions: ['Event'] });
    expect((await get('/recharge/balance', plain.token)).body.code).toBe(10001);
    expect((await get('/recharge/consumption?page=1&limit=10', plain.token)).body.code).toBe(10001);
    expect(
      (
        await call(kit.t.app, 'POST', '/recharge/orders', {
          token: plain.token,
          body: { amount: 100, provider: 'wechat' },
        })
      ).body.code,
    ).toBe(10001);
    expect((await get('/fee/overview', plain.token)).body.code).toBe(0);
    expect((await call(kit.t.app, 'GET', '/fee/overview')).body.code).not.toBe(0);
  });

  it('counts the month from the first day in Beijing time', () => {
    expect(monthStart(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(monthStart(new Date('2026-11-15T00:00:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(monthStart(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});
