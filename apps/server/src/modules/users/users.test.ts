import { ALL_PERMISSIONS, BizCode, type UserInfo, userInfo } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { call, createRole, createUser, login, systemRoleId, tokenFor } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUsersRepository } from './users.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // A probe route guarded by a permission, to check the auth plugin's permission rule.
      app.get('/api/v1/test-probe', { config: { permission: 'auth.User/add' } }, async () => ({
        code: 0,
        msg: 'ok',
        data: 'in',
      }));
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /auth/user/info', () => {
  it('answers the administrator with every field of the contract', async () => {
    const token = await tokenFor(t.app, 'admin', t.adminPassword);
    const res = await call<UserInfo>(t.app, 'GET', '/auth/user/info', { token });
    expect(res.body.code).toBe(0);
    expect(userInfo.parse(res.body.data)).toBeTruthy();
    expect(res.body.data).toMatchObject({
      username: 'admin',
      user_name: 'admin',
      user_type: 0,
      status: 1,
      parent_id: null,
      roles: ['admin'],
      is_demo: false,
      user_expire: null,
    });
    expect(res.body.data.login_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.data.limits.device_limit).toBeNull();
    expect(res.body.data.fees.sms_discount).toBe(100);
  });

  it('gives user_expire in epoch seconds and the parent id', async () => {
    const expire = new Date('2030-01-02T03:04:05Z');
    const parent = await createUser(t.database, { userType: 2 });
    const user = await createUser(t.database, { userType: 3, parentId: parent.id, userExpire: expire });
    expect(user.path).toBe(`${parent.path}${user.id}/`);
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call<UserInfo>(t.app, 'GET', '/auth/user/info', { token });
    expect(res.body.data.user_expire).toBe(expire.getTime() / 1000);
    expect(res.body.data.parent_id).toBe(parent.id);
  });
});

describe('GET /auth/user/authList', () => {
  it('answers ALL_PERMISSIONS for the admin role', async () => {
    const token = await tokenFor(t.app, 'admin', t.adminPassword);
    const res = await call<string[]>(t.app, 'GET', '/auth/user/authList', { token });
    expect(res.body.data).toEqual([...ALL_PERMISSIONS]);
  });

  it("answers the union of a user's roles, and nothing without roles", async () => {
    const a = await createRole(t.database, {
      ownerUserId: null,
      name: 'viewer-a',
      permissions: ['Event', 'DeviceManage'],
    });
    const b = await createRole(t.database, {
      ownerUserId: null,
      name: 'viewer-b',
      permissions: ['Event/log'],
    });
    const user = await createUser(t.database, { roleIds: [a, b] });
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call<string[]>(t.app, 'GET', '/auth/user/authList', { token });
    expect([...res.body.data].sort()).toEqual(['DeviceManage', 'Event', 'Event/log']);

    const bare = await createUser(t.database);
    const res2 = await call<string[]>(t.app, 'GET', '/auth/user/authList', {
      token: await tokenFor(t.app, bare.username, bare.password),
    });
    expect(res2.body.data).toEqual([]);
  });

  it('a route that needs a permission answers 10001 / 403 without it', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    const denied = await call(t.app, 'GET', '/test-probe', { token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(BizCode.NO_PERMISSION);
    const adminToken = await tokenFor(t.app, 'admin', t.adminPassword);
    expect((await call(t.app, 'GET', '/test-probe', { token: adminToken })).body.data).toBe('in');
    const granted = await createUser(t.database, {
      roleIds: [
        await createRole(t.database, { ownerUserId: null, name: 'adder', permissions: ['auth.User/add'] }),
      ],
    });
    const res = await call(t.app, 'GET', '/test-probe', {
      token: await tokenFor(t.app, granted.username, granted.password),
    });
    expect(res.body.code).toBe(0);
  });

  it('a disabled user loses access at once', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    await createUsersRepository(t.database.db).setStatus(user.id, 0);
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
  });
});

describe('PUT /auth/user/me', () => {
  it('updates the allowed profile fields', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call<UserInfo>(t.app, 'PUT', '/auth/user/me', {
      token,
      body: {
        nick_name: ' Ana ',
        phone: '+34 600',
        email: 'ana@example.com',
        company: 'ACME',
        bigscreen_title: 'Plant',
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      nick_name: 'Ana',
      phone: '+34 600',
      email: 'ana@example.com',
      company: 'ACME',
      bigscreen_title: 'Plant',
    });
    const again = await call<UserInfo>(t.app, 'GET', '/auth/user/info', { token });
    expect(again.body.data.company).toBe('ACME');
  });

  it('refuses unknown fields (no mass assignment of user_type) and names the field', async () => {
    const user = await createUser(t.database, { userType: 4 });
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call(t.app, 'PUT', '/auth/user/me', { token, body: { nick_name: 'x', user_type: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^body\.user_type: /);
    const info = await call<UserInfo>(t.app, 'GET', '/auth/user/info', { token });
    expect(info.body.data.user_type).toBe(4);
    expect(info.body.data.nick_name).toBe('');
  });

  it('validates field values', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call(t.app, 'PUT', '/auth/user/me', { token, body: { email: 'not-an-email' } });
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^body\.email: /);
  });
});

describe('PUT /auth/user/me/password', () => {
  it('changes the password and signs out the other sessions only', async () => {
    const user = await createUser(t.database, { password: 'old-pass1' });
    const other = await tokenFor(t.app, user.username, 'old-pass1');
    const current = await tokenFor(t.app, user.username, 'old-pass1');
    const res = await call(t.app, 'PUT', '/auth/user/me/password', {
      token: current,
      body: {
        old_password: transmittedPassword('old-pass1'),
        new_password: transmittedPassword('new-pass2'),
      },
    });
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await call(t.app, 'GET', '/auth/user/info', { token: current })).body.code).toBe(0);
    expect((await call(t.app, 'GET', '/auth/user/info', { token: other })).body.code).toBe(
      BizCode.SESSION_EXPIRED,
    );
    expect((await login(t.app, user.username, 'old-pass1')).body.code).toBe(BizCode.WRONG_CREDENTIALS);
    expect((await login(t.app, user.username, 'new-pass2')).body.code).toBe(0);
  });

  it('answers 20000 when the old password is wrong', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call(t.app, 'PUT', '/auth/user/me/password', {
      token,
      body: { old_password: transmittedPassword('nope123'), new_password: transmittedPassword('new-pass2') },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'old password is wrong' });
    expect((await login(t.app, user.username, user.password)).body.code).toBe(0);
  });

  it('requires transformed passwords', async () => {
    const user = await createUser(t.database);
    const token = await tokenFor(t.app, user.username, user.password);
    const res = await call(t.app, 'PUT', '/auth/user/me/password', {
      token,
      body: { old_password: user.password, new_password: transmittedPassword('x12345') },
    });
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^body\.old_password: /);
  });
});

describe('system roles', () => {
  it('the admin system role exists and is flagged admin', async () => {
    expect(await systemRoleId(t.database, 'admin')).toBeGreaterThan(0);
  });
});
