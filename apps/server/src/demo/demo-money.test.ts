import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { remainingCountsOf } from '../modules/users/remaining-counts.service.js';
import { createUser } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { ensureDemoMoney } from './demo-money.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('gives the demo account a balance, orders and consumption once, however often it starts', async () => {
  const demo = await createUser(t.database, { userType: 3 });
  await ensureDemoMoney(t.database.db, demo.id);
  await ensureDemoMoney(t.database.db, demo.id);
  const ledger = createLedgerService({ db: t.database.db });
  // 500.00 + 200.00 top-ups, -50.00 SMS package, -30.00 SIM renewal.
  expect((await ledger.balance({ kind: 'user_balance', owner: demo.id })).available).toBe(62_000);
  expect((await ledger.balance({ kind: 'sms_quota', owner: demo.id })).available).toBe(497);
  // Counted from 500: the profile and the overview show what the ledger holds.
  expect(await remainingCountsOf(t.database.db, demo.id)).toEqual({ sms: 497, voice: null });
  const consumption = await ledger.entries(demo.id, ['user_balance', 'sms_quota'], {
    transferKinds: ['consumption'],
  });
  expect(consumption.total).toBe(4);
});
