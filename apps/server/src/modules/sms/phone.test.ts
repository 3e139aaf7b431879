import type { LoginResult, PhoneBinding } from '@fleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, tokenFor } from '../../test-support/factories.js';
import { type ProviderServer, startAliyunServer } from '../../test-support/sms-provider-servers.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { phoneCodes } from './sms.table.js';

let t: TestApp;
let aliyun: ProviderServer;
let user: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  aliyun = await startAliyunServer({ accessKeyId: 'LTAI-ph', accessKeySecret: 'ph-secret' });
  const admin = await tokenFor(t.app, 'admin', t.adminPassword);
  await call(t.app, 'PUT', '/notice/provider/sms', {
    token: admin,
    body: {
      provider: 'aliyun',
      access_key_id: 'LTAI-ph',
      access_key_secret: 'ph-secret',
      endpoint: aliyun.url,
      sign_name: 'Fleet',
      templates: { code: 'SMS_CODE' },
    },
  });
  const u = await createUser(t.database, { userType: 2 });
  user = { id: u.id, token: await tokenFor(t.app, u.username, u.password) };
});
afterAll(async () => {
  await aliyun?.close();
  await t?.close();
});

/** The code the local provider received for `phone` after `before` requests (sent after the answer). */
async function codeSentTo(phone: string, before: number): Promise<string> {
  await vi.waitFor(() => expect(aliyun.requests.length).toBeGreaterThan(before), { timeout: 5000 });
  const request = aliyun.requests.at(-1)!;
  expect(request.params).toMatchObject({ PhoneNumbers: phone, TemplateCode: 'SMS_CODE' });
  return JSON.parse(String(request.params.TemplateParam)).code as string;
}

describe('phone binding and sign-in with a code', () => {
  it('binds a phone with the code sent to it, then signs in with a new code', async () => {
    let before = aliyun.requests.length;
    const sent = await call(t.app, 'POST', '/user/me/phone/code', {
      token: user.token,
      body: { phone: '13800138000' },
    });
    expect(sent.body).toMatchObject({ code: 0, data: null });
    const bindCode = await codeSentTo('13800138000', before);
    expect(bindCode).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.purpose, 'bind'));
    expect(row!.codeHmac).not.toContain(bindCode);
    expect(row!.codeHmac).toMatch(/^[0-9a-f]{64}$/);

    const wrong = await call(t.app, 'PUT', '/user/me/phone', {
      token: user.token,
      body: { phone: '13800138000', code: bindCode === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ code: 20000, msg_key: 'phone.codeWrong' });
    const bound = await call<PhoneBinding>(t.app, 'PUT', '/user/me/phone', {
      token: user.token,
      body: { phone: '138 0013 8000', code: bindCode },
    });
    expect(bound.body.data).toEqual({ phone: '+8613800138000' });
    expect(
      (await call<PhoneBinding>(t.app, 'GET', '/user/me/phone', { token: user.token })).body.data.phone,
    ).toBe('+8613800138000');
    // A code is used once.
    expect(
      (
        await call(t.app, 'PUT', '/user/me/phone', {
          token: user.token,
          body: { phone: '13800138000', code: bindCode },
        })
      ).body.code,
    ).toBe(20000);

    t.clock.advance(61); // one code a minute per phone, whatever the purpose
    before = aliyun.requests.length;
    const loginCode = await call(t.app, 'POST', '/login/phone/code', { body: { phone: '+8613800138000' } });
    expect(loginCode.body).toMatchObject({ code: 0, data: null });
    const code = await codeSentTo('13800138000', before);
    const login = await call<LoginResult>(t.app, 'POST', '/login/phone', {
      body: { phone: '13800138000', code },
    });
    expect(login.body.code).toBe(0);
    expect(login.body.data.token).toBeTruthy();
    const me = await call<{ user_id: number }>(t.app, 'GET', '/auth/user/info', {
      token: login.body.data.token,
    });
    expect(me.body.data.user_id).toBe(user.id);
  });

  it('answers the same for a number that belongs to no one, and sends nothing to it', async () => {
    const before = aliyun.requests.length;
    const res = await call(t.app, 'POST', '/login/phone/code', { body: { phone: '13900139000' } });
    expect(res.body).toEqual(expect.objectContaining({ code: 0, data: null }));
    const login = await call(t.app, 'POST', '/login/phone', {
      body: { phone: '13900139000', code: '123456' },
    });
    expect(login.body).toMatchObject({ code: 20000, msg_key: 'phone.codeWrong' });
    await new Promise((r) => setImmediate(r));
    expect(aliyun.requests.length).toBe(before);
  });

  it('limits sends per phone and refuses a bad number; five wrong tries close the code', async () => {
    const first = await call(t.app, 'POST', '/login/phone/code', { body: { phone: '13700137000' } });
    expect(first.body.code).toBe(0);
    const again = await call(t.app, 'POST', '/login/phone/code', { body: { phone: '13700137000' } });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 20000, msg_key: 'phone.tooSoon' });
    const bad = await call(t.app, 'POST', '/login/phone/code', { body: { phone: '12345' } });
    expect(bad.body).toMatchObject({ code: 10002 });

    const before = aliyun.requests.length;
    t.clock.advance(61);
    await call(t.app, 'POST', '/login/phone/code', { body: { phone: '13800138000' } });
    const code = await codeSentTo('13800138000', before);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await call(t.app, 'POST', '/login/phone', { body: { phone: '13800138000', code: wrongCode } })).body
          .code,
      ).toBe(20000);
    // The fifth wrong try closed the code: the right one no longer works.
    const [closed] = await t.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, '+8613800138000'))
      .orderBy(desc(phoneCodes.id))
      .limit(1);
    expect(closed).toMatchObject({ purpose: 'login', tries: 5 });
    expect(closed!.closedAt).not.toBeNull();
    const late = await call(t.app, 'POST', '/login/phone', { body: { phone: '13800138000', code } });
    expect(late.body.code).toBe(20000);
  });

  it('a code expires after 5 minutes', async () => {
    t.clock.advance(120);
    const before = aliyun.requests.length;
    await call(t.app, 'POST', '/login/phone/code', { body: { phone: '13800138000' } });
    const code = await codeSentTo('13800138000', before);
    t.clock.advance(301);
    expect(
      (await call(t.app, 'POST', '/login/phone', { body: { phone: '13800138000', code } })).body.code,
    ).toBe(20000);
  });

  it('binding tells the fifth wrong try apart: the code is used up and a new one must be asked for', async () => {
    t.clock.advance(3600);
    const before = aliyun.requests.length;
    await call(t.app, 'POST', '/user/me/phone/code', { token: user.token, body: { phone: '13600136000' } });
    const code = await codeSentTo('13600136000', before);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'PUT', '/user/me/phone', {
        token: user.token,
        body: { phone: '13600136000', code: wrongCode },
      });
      keys.push((res.body as unknown as { msg_key: string }).msg_key);
    }
    expect(keys).toEqual([...Array(4).fill('phone.codeWrong'), 'phone.tooManyTries']);
    const late = await call(t.app, 'PUT', '/user/me/phone', {
      token: user.token,
      body: { phone: '13600136000', code },
    });
    expect(late.body).toMatchObject({ code: 20000, msg_key: 'phone.codeWrong' });
    expect(
      (await call<PhoneBinding>(t.app, 'GET', '/user/me/phone', { token: user.token })).body.data.phone,
    ).toBe('+8613800138000');
  });
});
