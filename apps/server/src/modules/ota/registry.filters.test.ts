import type { ListResult, OtaGatewayCreateResult, OtaGatewayRow, OtaSimRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createOtaUser, nextIccid } from './registry.fixtures.js';

/** Issue 19: the owner filter of the gateway list and the expiry filter of the SIM list. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 3600_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
let imeiSeq = 0;
const nextImei = () =>
  `8670${String(process.pid % 10000).padStart(4, '0')}${String(++imeiSeq).padStart(7, '0')}`;

describe('gateway owner filter', () => {
  it('lists the gateways of one account of the caller’s subtree; another tenant’s account lists none', async () => {
    const dealer = await createOtaUser(t);
    const customer = await createOtaUser(t, { parentId: dealer.user.id });
    const stranger = await createOtaUser(t);
    const mine = await call<OtaGatewayCreateResult>(t.app, 'POST', '/ota/gateways', {
      token: dealer.token,
      body: { imeis: `${nextImei()}\n${nextImei()}`, type: 2 },
    });
    const [, handed] = mine.body.data.created;
    await call(t.app, 'POST', `/ota/gateways/${handed!.id}/assign`, {
      token: dealer.token,
      body: { user_id: customer.user.id },
    });
    await call(t.app, 'POST', '/ota/gateways', {
      token: stranger.token,
      body: { imeis: nextImei(), type: 2 },
    });

    const list = (owner: number) =>
      call<ListResult<OtaGatewayRow>>(t.app, 'GET', `/ota/gateways?owner_user_id=${owner}`, {
        token: dealer.token,
      });
    expect((await list(customer.user.id)).body.data.rows.map((r) => r.id)).toEqual([handed!.id]);
    expect((await list(dealer.user.id)).body.data.total).toBe(1);
    expect((await list(stranger.user.id)).body.data.total).toBe(0);
  });
});

describe('SIM expiry filter', () => {
  it('expired: before today; soon: today up to 30 days ahead', async () => {
    const owner = await createOtaUser(t);
    const cards = { past: dayFromNow(-3), today: dayFromNow(0), soon: dayFromNow(20), later: dayFromNow(60) };
    const ids: Record<string, number> = {};
    for (const [name, expires_on] of Object.entries(cards)) {
      const res = await call<OtaSimRow>(t.app, 'POST', '/ota/sims', {
        token: owner.token,
        body: { iccid: nextIccid(), expires_on },
      });
      ids[name] = res.body.data.id;
    }
    await call(t.app, 'POST', '/ota/sims', { token: owner.token, body: { iccid: nextIccid() } }); // no expiry
    const list = async (expiry: string) =>
      (
        await call<ListResult<OtaSimRow>>(t.app, 'GET', `/ota/sims?expiry=${expiry}`, { token: owner.token })
      ).body.data.rows
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await list('expired')).toEqual([ids.past]);
    expect(await list('soon')).toEqual([ids.today, ids.soon].sort((a, b) => a! - b!));
    expect((await call(t.app, 'GET', '/ota/sims?expiry=never', { token: owner.token })).body.code).toBe(
      10002,
    );
  });
});
