import {
  BizCode,
  type ListResult,
  type LoginLogRow,
  type RegisterUserRow,
  type UserRow,
} from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { call, createDevice, login, tokenFor } from '../../test-support/factories.js';
import { createTenantTree, type TenantTree } from '../../test-support/tenancy.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomizeRepository } from '../customize/customize.repository.js';
import { createSystemRepository } from '../system/system.repository.js';

let t: TestApp;
let tree: TenantTree;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { accountMax: 3, ipMax: 50, windowSeconds: 600 } });
  tree = await createTenantTree(t.app, t.database, { subPermissions: ['auth.User', 'auth.UserLog'] });
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
  await createCustomizeRepository(t.database.db).upsert({
    domain: 'a1.example.com',
    platformTitle: 'A1 Cloud',
    bigscreenTitle: null,
    ownerUserId: tree.a1.id,
  });
});
afterAll(async () => {
  await t?.close();
});

const register = (username: string, host: string, ip: string) =>
  call<{ user_id: number; username: string }>(t.app, 'POST', '/login/register', {
    body: { username, password: transmittedPassword('secret1!'), phone: '555' },
    headers: { host },
    ip,
  });

describe('POST /login/register', () => {
  it("creates a type 5 user under the domain's owner, listed for that owner only", async () => {
    const res = await register('regone', 'a1.example.com', '10.0.0.1');
    expect(res.body.code).toBe(0);
    const row = await call<UserRow>(t.app, 'GET', `/auth/user/${res.body.data.user_id}`, {
      token: tree.a1.token,
    });
    expect(row.body.data).toMatchObject({
      user_type: 5,
      parent_id: tree.a1.id,
      phone: '555',
      roles: [{ name: 'registered' }],
    });
    const list = await call<ListResult<RegisterUserRow>>(t.app, 'GET', '/auth/user/register', {
      token: tree.a1.token,
    });
    expect(list.body.data.rows).toMatchObject([
      { username: 'regone', bound_devices: 0, parent_id: tree.a1.id },
    ]);
    expect(list.body.data.rows[0]!.registerAt).toMatch(/^\d{4}-/);
    const other = await call<ListResult<RegisterUserRow>>(t.app, 'GET', '/auth/user/register', {
      token: tree.a2.token,
    });
    expect(other.body.data.total).toBe(0);
    const m1 = await call<ListResult<RegisterUserRow>>(t.app, 'GET', '/auth/user/register', {
      token: tree.m1.token,
    });
    expect(m1.body.data.total).toBe(1);
    const signIn = await login(t.app, 'regone', 'secret1!');
    const perms = await call<string[]>(t.app, 'GET', '/auth/user/authList', {
      token: signIn.body.data.token,
    });
    expect(perms.body.data).toContain('Device/view');
    expect(perms.body.data.some((p) => p.startsWith('auth.'))).toBe(false);
  });

  it('goes under the platform admin on another host; refuses a taken name and unknown fields', async () => {
    const res = await register('regtwo', 'other.example.com', '10.0.0.2');
    const row = await call<UserRow>(t.app, 'GET', `/auth/user/${res.body.data.user_id}`, { token: admin });
    expect(row.body.data.parent_username).toBe('admin');
    expect((await register('regtwo', 'other.example.com', '10.0.0.2')).body.code).toBe(BizCode.USER_MESSAGE);
    const extra = await call(t.app, 'POST', '/login/register', {
      body: { username: 'regx', password: transmittedPassword('secret1!'), user_type: 0 },
    });
    expect(extra.body.code).toBe(BizCode.PARAM_ERROR);
  });

  it('is rate limited per address from the login log', async () => {
    for (let i = 0; i < 3; i++) await register(`flood${i}`, 'x.example.com', '10.0.0.9');
    const res = await register('flood9', 'x.example.com', '10.0.0.9');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(BizCode.USER_MESSAGE);
    t.clock.advance(601);
    expect((await register('flood9', 'x.example.com', '10.0.0.9')).body.code).toBe(0);
  });

  it('is refused while the userRegistration module is off', async () => {
    const on = await call(t.app, 'PUT', '/option?name=modules', {
      token: admin,
      body: { userRegistration: false },
    });
    expect(on.body.code).toBe(0);
    try {
      const res = await register('regoff', 'a1.example.com', '10.0.0.3');
      expect(res.body.code).toBe(BizCode.NO_PERMISSION);
    } finally {
      await createSystemRepository(t.database.db).setOption('modules', {});
    }
    expect((await register('regoff', 'a1.example.com', '10.0.0.3')).body.code).toBe(0);
  });

  it('bound_devices counts the devices the register user owns (devices table); delete is then refused', async () => {
    const res = await register('regdev', 'a1.example.com', '10.0.0.4');
    const id = res.body.data.user_id;
    await createDevice(t.database, { ownerUserId: id });
    await createDevice(t.database, { ownerUserId: id });
    const list = await call<ListResult<RegisterUserRow>>(t.app, 'GET', '/auth/user/register?search=regdev', {
      token: tree.a1.token,
    });
    expect(list.body.data.rows).toMatchObject([{ username: 'regdev', bound_devices: 2 }]);
    const del = await call(t.app, 'DELETE', `/auth/user/${id}`, { token: tree.a1.token });
    expect(del.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'the user still owns devices' });
  });
});

describe('GET /auth/user/login-log', () => {
  it('lists attempts with filters, scoped to the caller', async () => {
    await login(t.app, tree.c1.username, 'wrong-pass', '10.1.0.1');
    await login(t.app, tree.c2.username, 'wrong-pass', '10.1.0.2');
    await login(t.app, 'nobody-here', 'wrong-pass', '10.1.0.3');
    const q = (token: string, s = '') =>
      call<ListResult<LoginLogRow>>(t.app, 'GET', `/auth/user/login-log?limit=100${s}`, { token });
    const a1 = await q(tree.a1.token);
    const names = new Set(a1.body.data.rows.map((r) => r.username));
    expect(names.has(tree.c1.username)).toBe(true);
    expect(names.has(tree.a1.username)).toBe(true);
    expect(names.has(tree.c2.username)).toBe(false);
    expect(names.has(tree.m1.username)).toBe(false);
    expect(names.has('nobody-here')).toBe(false);
    const failed = await q(tree.a1.token, `&success=false&username=${tree.c1.username}`);
    expect(failed.body.data.rows).toMatchObject([
      { username: tree.c1.username, success: false, reason: 'wrong_password', ip: '10.1.0.1' },
    ]);
    const future = Math.floor(t.clock().getTime() / 1000) + 3600;
    expect((await q(tree.a1.token, `&starttime=${future}`)).body.data.total).toBe(0);
    expect((await q(tree.a1.token, `&endtime=${new Date(0).toISOString()}`)).body.data.total).toBe(0);
    expect((await q(tree.a1.token, '&starttime=yesterday')).body.code).toBe(BizCode.PARAM_ERROR);
    const platform = await q(admin, '&username=nobody-here');
    expect(platform.body.data.total).toBe(1);
    // A sub-account sees its own attempts and those below its parent, not the parent's.
    const sub = await q(tree.s1.token);
    const subNames = new Set(sub.body.data.rows.map((r) => r.username));
    expect(subNames.has(tree.c1.username) && subNames.has(tree.s1.username)).toBe(true);
    expect(subNames.has(tree.a1.username)).toBe(false);
  });
});
