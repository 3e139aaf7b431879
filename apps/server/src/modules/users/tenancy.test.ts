import { BizCode, type ListResult, type Role, type UserRow } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { call, createUser } from '../../test-support/factories.js';
import { createTenantTree, type TenantTree, type TreeUser } from '../../test-support/tenancy.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tree: TenantTree;
beforeAll(async () => {
  t = await createTestApp();
  // Sub-accounts get every accounts permission so that only scope (not route permission) refuses.
  tree = await createTenantTree(t.app, t.database, {
    subPermissions: [
      'auth.User',
      'auth.User/add',
      'auth.User/edit',
      'auth.User/delete',
      'auth.Group/index',
      'auth.Group/edit',
      'auth.Group/delete',
      'auth.UserLog',
      'auth.User/register',
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

type Probe = { method: 'GET' | 'PUT' | 'DELETE'; url: (id: number) => string; body?: unknown };
const USER_PROBES: Probe[] = [
  { method: 'GET', url: (id) => `/auth/user/${id}` },
  { method: 'PUT', url: (id) => `/auth/user/${id}`, body: { nick_name: 'pwned' } },
  { method: 'DELETE', url: (id) => `/auth/user/${id}` },
  { method: 'GET', url: (id) => `/auth/user/assignedRoleList?uid=${id}` },
  { method: 'GET', url: (id) => `/auth/user/ownedRoleList?uid=${id}` },
];
const ROLE_PROBES: Probe[] = [
  { method: 'PUT', url: (id) => `/auth/group/${id}`, body: { name: 'pwned' } },
  { method: 'DELETE', url: (id) => `/auth/group/${id}` },
];

async function expectRefused(
  caller: TreeUser,
  probes: Probe[],
  id: number,
  codes: number[] = [BizCode.FAILED],
) {
  for (const p of probes) {
    const res = await call(t.app, p.method, p.url(id), { token: caller.token, body: p.body });
    expect(codes, `${caller.username} ${p.method} ${p.url(id)} -> ${JSON.stringify(res.body)}`).toContain(
      res.body.code,
    );
    if (res.body.code === BizCode.FAILED) expect(res.status).toBe(404);
  }
}

describe('tenant isolation matrix: ids from another branch', () => {
  it('the sibling agent, its sub-account and its customer cannot reach A1, S1, C1 or A1 roles', async () => {
    for (const caller of [tree.a2, tree.s2]) {
      for (const target of [tree.a1, tree.s1, tree.c1, tree.m1])
        await expectRefused(caller, USER_PROBES, target.id);
      await expectRefused(caller, ROLE_PROBES, tree.a1Role);
    }
    // A customer (lower tier) holds no accounts permissions at all: 10001 before any lookup.
    for (const target of [tree.a1, tree.c1]) {
      await expectRefused(tree.c2, USER_PROBES, target.id, [BizCode.NO_PERMISSION]);
    }
    await expectRefused(tree.c2, ROLE_PROBES, tree.a1Role, [BizCode.NO_PERMISSION]);
  });

  it('a lower tier cannot reach its parent or grandparent', async () => {
    for (const target of [tree.m1]) await expectRefused(tree.a1, USER_PROBES, target.id);
    // A sub-account cannot manage its parent (the data owner itself is not "below" it).
    const parent = [USER_PROBES[0]!, USER_PROBES[1]!, USER_PROBES[2]!];
    await expectRefused(tree.s1, parent, tree.a1.id);
  });

  it('nothing was changed by the refused calls', async () => {
    const res = await call<UserRow>(t.app, 'GET', `/auth/user/${tree.a1.id}`, { token: tree.m1.token });
    expect(res.body.data.nick_name).toBe('');
    const roles = await call<Role[]>(t.app, 'GET', '/auth/user/ownedRoleList', { token: tree.a1.token });
    expect(roles.body.data.map((r) => r.name).sort()).toEqual(['customer', 'sub']);
  });

  it('customize PUT/DELETE answer 10001 to every non-platform caller', async () => {
    for (const caller of [tree.m1, tree.a1, tree.s1]) {
      for (const p of [
        { method: 'PUT' as const, body: { platform_title: 'x' } },
        { method: 'DELETE' as const, body: undefined },
      ]) {
        const res = await call(t.app, p.method, '/customize/1', { token: caller.token, body: p.body });
        expect(res.body.code).toBe(BizCode.NO_PERMISSION);
      }
    }
  });

  it('lists hold no foreign rows', async () => {
    const a2 = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?limit=100', {
      token: tree.a2.token,
    });
    expect(a2.body.data.rows.map((r) => r.user_id).sort()).toEqual([tree.s2.id, tree.c2.id].sort());
    const s2 = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?limit=100', {
      token: tree.s2.token,
    });
    expect(s2.body.data.rows.map((r) => r.user_id).sort()).toEqual([tree.s2.id, tree.c2.id].sort());
    const m1 = await call<ListResult<UserRow>>(t.app, 'GET', '/auth/user?limit=100', {
      token: tree.m1.token,
    });
    expect(m1.body.data.total).toBe(6);
    const roles = await call<ListResult<Role>>(t.app, 'GET', '/auth/group', { token: tree.s2.token });
    expect(roles.body.data.rows.every((r) => r.owner_user_id === tree.a2.id)).toBe(true);
    const reg = await call<ListResult<unknown>>(t.app, 'GET', '/auth/user/register', {
      token: tree.a2.token,
    });
    expect(reg.body.data.total).toBe(0);
  });
});

describe('tier rules and mass assignment', () => {
  const body = (extra: Record<string, unknown>) => ({
    username: `u${Math.random().toString(36).slice(2, 10)}`,
    password: transmittedPassword('secret1!'),
    ...extra,
  });

  it('a caller cannot create a user of its own or a higher tier', async () => {
    for (const userType of [0, 1, 2]) {
      const res = await call(t.app, 'POST', '/auth/user', {
        token: tree.a1.token,
        body: body({ user_type: userType }),
      });
      expect(res.body.code).toBe(BizCode.NO_PERMISSION);
    }
    const ok = await call<UserRow>(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: body({ user_type: 3 }),
    });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatchObject({ user_type: 3, parent_id: tree.a1.id, is_subuser: false });
  });

  it('unknown fields answer 10002 (parent_id, path, is_admin, balance, username on update)', async () => {
    for (const extra of [{ parent_id: 1 }, { path: '/' }, { is_admin: true }, { balance: 1e6 }]) {
      const res = await call(t.app, 'POST', '/auth/user', {
        token: tree.a1.token,
        body: body({ user_type: 3, ...extra }),
      });
      expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    }
    for (const extra of [
      { username: 'x' },
      { is_subuser: true },
      { parent_id: 1 },
      { limits: { device_limit: 1, bogus: 1 } },
    ]) {
      const res = await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, { token: tree.a1.token, body: extra });
      expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    }
  });

  it('PUT on oneself through /auth/user/{id} is refused (type, limits, roles, status)', async () => {
    for (const patch of [
      { user_type: 3 },
      { limits: { device_limit: 9999 } },
      { role_ids: [tree.a1Role] },
      { status: 1 },
    ]) {
      const res = await call(t.app, 'PUT', `/auth/user/${tree.a1.id}`, { token: tree.a1.token, body: patch });
      expect(res.body.code).toBe(BizCode.FAILED); // not below its own data owner: 404
      const sub = await call(t.app, 'PUT', `/auth/user/${tree.s1.id}`, { token: tree.s1.token, body: patch });
      expect(sub.body.code).toBe(BizCode.NO_PERMISSION);
    }
    const del = await call(t.app, 'DELETE', `/auth/user/${tree.s1.id}`, { token: tree.s1.token });
    expect(del.body.code).toBe(BizCode.NO_PERMISSION);
  });

  it("a user's type only moves to another type greater than the caller's", async () => {
    const c = await createUser(t.database, { userType: 3, parentId: tree.a1.id });
    const up = await call(t.app, 'PUT', `/auth/user/${c.id}`, {
      token: tree.a1.token,
      body: { user_type: 2 },
    });
    expect(up.body.code).toBe(BizCode.NO_PERMISSION);
    const down = await call<UserRow>(t.app, 'PUT', `/auth/user/${c.id}`, {
      token: tree.a1.token,
      body: { user_type: 4 },
    });
    expect(down.body.data.user_type).toBe(4);
  });

  it('roles: foreign roles are not found, roles beyond the caller and the admin role are refused', async () => {
    const foreign = await call(t.app, 'POST', '/auth/user', {
      token: tree.a1.token,
      body: body({ user_type: 3, role_ids: [tree.a2Role] }),
    });
    expect(foreign.body.code).toBe(BizCode.FAILED);
    const adminRole = await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, {
      token: tree.a1.token,
      body: { role_ids: [1] },
    });
    expect(adminRole.body.code).toBe(BizCode.FAILED);
    // S1 lacks Device/view, so it cannot hand out A1's 'customer' role, nor create a role with it.
    const sub = await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, {
      token: tree.s1.token,
      body: { role_ids: [tree.a1Role] },
    });
    expect(sub.body.code).toBe(BizCode.NO_PERMISSION);
    const group = await call(t.app, 'POST', '/auth/group', {
      token: tree.a1.token,
      body: { name: 'too-much', permissions: ['Device/control'] },
    });
    expect(group.body.code).toBe(BizCode.NO_PERMISSION);
  });
});
