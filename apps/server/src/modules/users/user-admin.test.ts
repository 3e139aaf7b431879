import { BizCode, type ListResult, type UserRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { call, createUser, login, tokenFor } from '../../test-support/factories.js';
import { createTenantTree, type TenantTree } from '../../test-support/tenancy.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tree: TenantTree;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO: '1' } });
  tree = await createTenantTree(t.app, t.database);
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
});
afterAll(async () => {
  await t?.close();
});

const fresh = () => `u${Math.random().toString(36).slice(2, 10)}`;
const newUser = (extra: Record<string, unknown> = {}) => ({
  username: fresh(),
  password: transmittedPassword('secret1!'),
  user_type: 3,
  ...extra,
});

describe('POST /auth/user', () => {
  it('creates a customer below the caller with every field of the contract', async () => {
    const res = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: newUser({
        nick_name: 'Bob',
        phone: '123',
        email: 'b@example.com',
        company: 'B Ltd',
        address: 'Street 1',
        user_expire: 2_000_000_000,
        bigscreen_title: 'Screen',
        role_ids: [tree.a1Role],
        limits: { device_limit: 20 },
        fees: { rent_fee: 1234, sms_discount: 90 },
      }),
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      user_type: 3,
      parent_id: tree.a1.id,
      parent_username: tree.a1.username,
      nick_name: 'Bob',
      user_expire: 2_000_000_000,
      roles: [{ id: tree.a1Role, name: 'customer' }],
      children_count: 0,
      fees: { rent_fee: 1234, sms_discount: 90, voice_discount: 100, scada_discount: 100 },
    });
    // Absent limits inherit the caller's own.
    expect(res.body.data.limits).toMatchObject({
      device_limit: 20,
      project_limit: 10,
      sms_count: 500,
      scada_limit: null,
    });
    const signIn = await login(t.app, res.body.data.username, 'secret1!');
    expect(signIn.body.code).toBe(0);
    const info = await call<string[]>(t.app, 'GET', '/auth/user/authList', { token: signIn.body.data.token });
    expect(info.body.data).toEqual(['Device/view']);
  });

  it('refuses a taken username with 20000 and a clear password with 10002', async () => {
    const taken = await call(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: newUser({ username: tree.c2.username }),
    });
    expect(taken.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'username already exists' });
    const clear = await call(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: newUser({ password: 'secret1!' }),
    });
    expect(clear.body.code).toBe(BizCode.PARAM_ERROR);
    expect(clear.body.msg).toMatch(/^body\.password: /);
  });

  it('creates a sub-account with the parent type, below the data owner', async () => {
    const res = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: newUser({ user_type: undefined, is_subuser: true }),
    });
    expect(res.body.data).toMatchObject({ user_type: 2, is_subuser: true, parent_id: tree.a1.id });
  });
});

describe('limits', () => {
  it('a child cannot get more than the caller has; no limit only from a caller without limit', async () => {
    for (const limits of [{ device_limit: 101 }, { device_limit: null }, { sms_count: 501 }]) {
      const res = await call(t.app, 'POST', '/auth/user', {
        token: tree.a1.token,
        body: newUser({ limits }),
      });
      expect(res.body.code).toBe(BizCode.USER_MESSAGE);
    }
    const up = await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, {
      token: tree.a1.token,
      body: { limits: { project_limit: 11 } },
    });
    expect(up.body.code).toBe(BizCode.USER_MESSAGE);
    const okRes = await call<UserRow>(t.app, 'PUT', `/auth/user/${tree.c1.id}`, {
      token: tree.a1.token,
      body: { limits: { project_limit: 10, device_limit: 0 } },
    });
    expect(okRes.body.data.limits).toMatchObject({ project_limit: 10, device_limit: 0 });
    const unlimited = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: admin,
      body: newUser({ user_type: 1, limits: { device_limit: null, sms_count: 1_000_000 } }),
    });
    expect(unlimited.body.data.limits).toMatchObject({ device_limit: null, sms_count: 1_000_000 });
  });
});

describe('disable, expire, reset, delete', () => {
  it('disabling a user refuses its token at once (10010) and its refresh', async () => {
    const c = await createUser(t.database, { userType: 3, parentId: tree.a1.id });
    const session = await login(t.app, c.username, c.password);
    const { token, refresh_token } = session.body.data;
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(0);
    const res = await call<UserRow>(t.app, 'PUT', `/auth/user/${c.id}`, {
      token: tree.a1.token,
      body: { status: 0 },
    });
    expect(res.body.data.status).toBe(0);
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
    const refreshed = await call(t.app, 'POST', '/login/refreshtoken', { body: { refresh_token } });
    expect(refreshed.body.code).toBe(BizCode.SESSION_EXPIRED);
    // Enabling again does not bring the old session back; a new sign-in works.
    await call(t.app, 'PUT', `/auth/user/${c.id}`, { token: tree.a1.token, body: { status: 1 } });
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
    expect((await login(t.app, c.username, c.password)).body.code).toBe(0);
  });

  it('an expiry in the past refuses the token; children keep signing in', async () => {
    const c = await createUser(t.database, { userType: 3, parentId: tree.a1.id });
    const child = await createUser(t.database, { userType: 4, parentId: c.id });
    const token = await tokenFor(t.app, c.username, c.password);
    const past = Math.floor(t.clock().getTime() / 1000) - 10;
    await call(t.app, 'PUT', `/auth/user/${c.id}`, { token: tree.a1.token, body: { user_expire: past } });
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
    expect((await login(t.app, c.username, c.password)).body).toMatchObject({
      code: 20000,
      data: 'account has expired',
    });
    expect((await login(t.app, child.username, child.password)).body.code).toBe(0);
  });

  it('a password reset (transmitted form) replaces the password and ends sessions', async () => {
    const c = await createUser(t.database, { userType: 3, parentId: tree.a1.id });
    const token = await tokenFor(t.app, c.username, c.password);
    const res = await call(t.app, 'PUT', `/auth/user/${c.id}`, {
      token: tree.a1.token,
      body: { password: transmittedPassword('n3w-pass') },
    });
    expect(res.body.code).toBe(0);
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
    expect((await login(t.app, c.username, 'n3w-pass')).body.code).toBe(0);
  });

  it('delete: 20000 with children, then the leaf goes and its token stops working', async () => {
    const c = await createUser(t.database, { userType: 3, parentId: tree.a1.id });
    const leaf = await createUser(t.database, { userType: 4, parentId: c.id });
    const leafToken = await tokenFor(t.app, leaf.username, leaf.password);
    const blocked = await call(t.app, 'DELETE', `/auth/user/${c.id}`, { token: tree.a1.token });
    expect(blocked.body).toMatchObject({ code: 20000, data: 'the user still has users below it' });
    expect((await call(t.app, 'DELETE', `/auth/user/${leaf.id}`, { token: tree.a1.token })).body.code).toBe(
      0,
    );
    expect((await call(t.app, 'GET', '/auth/user/info', { token: leafToken })).body.code).toBe(
      BizCode.SESSION_EXPIRED,
    );
    expect((await call(t.app, 'GET', `/auth/user/${leaf.id}`, { token: tree.a1.token })).status).toBe(404);
  });

  it('the demo account cannot be disabled or deleted; the admin cannot touch itself', async () => {
    const list = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?search=demo', { token: admin });
    const demo = list.body.data.rows.find((r) => r.username === 'demo')!;
    expect(
      (await call(t.app, 'PUT', `/auth/user/${demo.user_id}`, { token: admin, body: { status: 0 } })).body
        .code,
    ).toBe(BizCode.NO_PERMISSION);
    expect((await call(t.app, 'DELETE', `/auth/user/${demo.user_id}`, { token: admin })).body.code).toBe(
      BizCode.NO_PERMISSION,
    );
    const self = (await call<UserRow>(t.app, 'GET', '/auth/user/info', { token: admin })).body.data.user_id;
    expect(
      (await call(t.app, 'PUT', `/auth/user/${self}`, { token: admin, body: { status: 0 } })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/auth/user/${self}`, { token: admin })).status).toBe(404);
  });
});

describe('sub-accounts and lists', () => {
  it("a sub-account sees its parent's users and holds only its roles' permissions", async () => {
    const parent = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?limit=100', {
      token: tree.a1.token,
    });
    const sub = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?limit=100', {
      token: tree.s1.token,
    });
    expect(sub.body.data).toEqual(parent.body.data);
    expect(sub.body.data.rows.some((r) => r.user_id === tree.s1.id)).toBe(true);
    expect(
      (await call<string[]>(t.app, 'GET', '/auth/user/authList', { token: tree.s1.token })).body.data,
    ).toEqual(['auth.User']);
    const add = await call(t.app, 'POST', '/auth/user', { token: tree.s1.token, body: newUser() });
    expect(add.body.code).toBe(BizCode.NO_PERMISSION);
  });

  it('filters by type, sub-account, parent and search', async () => {
    const q = (s: string) =>
      call<ListResult<UserRow>>(t.app, 'GET', `/auth/user?limit=100&${s}`, { token: tree.m1.token });
    expect((await q('subuser=true')).body.data.rows.every((r) => r.is_subuser)).toBe(true);
    expect((await q('user_type=2&subuser=false')).body.data.rows.map((r) => r.user_id).sort()).toEqual(
      [tree.a1.id, tree.a2.id].sort(),
    );
    expect((await q(`parent_id=${tree.a2.id}`)).body.data.total).toBe(2);
    const found = await q(`search=${tree.c2.username.slice(0, 8)}`);
    expect(found.body.data.rows.map((r) => r.user_id)).toContain(tree.c2.id);
    expect((await q('limit=7')).body.code).toBe(BizCode.PARAM_ERROR);
    const row = (await q(`parent_id=${tree.m1.id}`)).body.data.rows.find((r) => r.user_id === tree.a2.id)!;
    expect(row.children_count).toBe(2);
  });
});
