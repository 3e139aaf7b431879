import type { UserRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { noticeQuotaOn } from '../../platform/notices/sms-quota.js';
import { call, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createLedgerService } from '../ledger/ledger.service.js';

// Issue 21 item 4: after first use the ledger holds what remains of a user's SMS / voice count, so an
// edit in user admin is an audited adjusting transfer, never an overwrite the ledger would ignore.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
});
afterAll(async () => {
  await t?.close();
});

const smsOf = async (id: number) =>
  (await call<UserRow>(t.app, 'GET', `/auth/user/${id}`, { token: admin })).body.data.limits.sms_count;
const setSms = (id: number, sms_count: number | null, extra: Record<string, unknown> = {}) =>
  call<UserRow>(t.app, 'PUT', `/auth/user/${id}`, {
    token: admin,
    body: { limits: { sms_count }, ...extra },
  });

describe('editing a remaining SMS count after first use', () => {
  it('goes through the ledger: unchanged keeps what was used, a new value adjusts, audited', async () => {
    const created = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: admin,
      body: {
        username: `quota${Date.now().toString(36)}`,
        password: transmittedPassword('secret1!'),
        user_type: 1,
        limits: { sms_count: 10 },
      },
    });
    const id = created.body.data.user_id;
    const quota = noticeQuotaOn(t.database.db, t.clock);
    for (let n = 1; n <= 3; n++) {
      const r = await quota.reserve(900_000 + n, id, 'sms');
      expect(r.ok).toBe(true);
      if (r.ok) await quota.post(r.keys);
    }
    expect(await smsOf(id)).toBe(7);

    // The drawer sends every limit back: saving another field must not refill the 3 used.
    expect((await setSms(id, 7, { nick_name: 'Renamed' })).body.data.limits.sms_count).toBe(7);
    expect(await quota.remaining(id, 'sms')).toBe(7);

    expect((await setSms(id, 20)).body.data.limits.sms_count).toBe(20);
    expect(await quota.remaining(id, 'sms')).toBe(20);
    expect((await setSms(id, 5)).body.data.limits.sms_count).toBe(5);
    expect(await quota.remaining(id, 'sms')).toBe(5);

    const ledger = createLedgerService({ db: t.database.db, clock: t.clock });
    const { entries } = await ledger.statement({ kind: 'sms_quota', owner: id }, { pageSize: 10 });
    const edits = entries.filter((e) => e.idempotencyKey.startsWith('quota-set:'));
    expect(edits.map((e) => [e.kind, e.signedAmount])).toEqual([
      ['adjustment', -15],
      ['adjustment', 13],
    ]);
    expect(edits[0]!.reference).toBe('remaining sms set by admin (#1): 20 -> 5');

    // Two administrators saving the same value at once apply it once.
    const both = await Promise.all([setSms(id, 30), setSms(id, 30)]);
    expect(both.map((r) => r.body.code)).toEqual([0, 0]);
    expect(await quota.remaining(id, 'sms')).toBe(30);

    // 'No limit' is not counted; a count set again starts from what the ledger holds.
    expect((await setSms(id, null)).body.data.limits.sms_count).toBeNull();
    expect(await quota.remaining(id, 'sms')).toBeNull();
    expect((await setSms(id, 4)).body.data.limits.sms_count).toBe(4);
    expect(await quota.remaining(id, 'sms')).toBe(4);
  });

  it('a count never used is stored and seeds the ledger at first use', async () => {
    const created = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: admin,
      body: {
        username: `quotb${Date.now().toString(36)}`,
        password: transmittedPassword('secret1!'),
        user_type: 1,
      },
    });
    const id = created.body.data.user_id;
    expect((await setSms(id, 8)).body.data.limits.sms_count).toBe(8);
    const quota = noticeQuotaOn(t.database.db, t.clock);
    expect(await quota.remaining(id, 'sms')).toBe(8);
    expect(await smsOf(id)).toBe(8);
  });
});
