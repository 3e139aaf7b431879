import { BizCode, type ListResult, PERMISSION_GROUPS, type Role, type RuleGroup } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, tokenFor } from '../../test-support/factories.js';
import { createTenantTree, type TenantTree } from '../../test-support/tenancy.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tree: TenantTree;
beforeAll(async () => {
  t = await createTestApp();
  tree = await createTenantTree(t.app, t.database, {
    subPermissions: ['auth.Group/index', 'auth.Group/add', 'auth.Group/edit', 'auth.User/edit', 'auth.User'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('roles (auth groups)', () => {
  it('creates, lists, updates and deletes a role owned by the data owner', async () => {
    const created = await call<Role>(t.app, 'POST', '/auth/group', {
      token: tree.a1.token,
      body: { name: 'ops', remark: 'operators', permissions: ['Event', 'Device/view', 'Event'] },
    });
    expect(created.body.data).toMatchObject({
      name: 'ops',
      remark: 'operators',
      permissions: ['Event', 'Device/view'],
      owner_user_id: tree.a1.id,
      user_count: 0,
    });
    const id = created.body.data.id;
    const list = await call<ListResult<Role>>(t.app, 'GET', '/auth/group?search=op', {
      token: tree.a1.token,
    });
    expect(list.body.data.rows.map((r) => r.id)).toEqual([id]);
    const dup = await call(t.app, 'POST', '/auth/group', {
      token: tree.a1.token,
      body: { name: 'ops', permissions: [] },
    });
    expect(dup.body.code).toBe(BizCode.USER_MESSAGE);
    const upd = await call<Role>(t.app, 'PUT', `/auth/group/${id}`, {
      token: tree.a1.token,
      body: { permissions: ['Event'] },
    });
    expect(upd.body.data.permissions).toEqual(['Event']);
    await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, { token: tree.a1.token, body: { role_ids: [id] } });
    const assigned = await call<Role[]>(t.app, 'GET', `/auth/user/assignedRoleList?uid=${tree.c1.id}`, {
      token: tree.a1.token,
    });
    expect(assigned.body.data.map((r) => r.id)).toEqual([id]);
    const busy = await call(t.app, 'DELETE', `/auth/group/${id}`, { token: tree.a1.token });
    expect(busy.body).toMatchObject({
      code: BizCode.USER_MESSAGE,
      data: 'the role is still assigned to users',
    });
    await call(t.app, 'PUT', `/auth/user/${tree.c1.id}`, { token: tree.a1.token, body: { role_ids: [] } });
    expect((await call(t.app, 'DELETE', `/auth/group/${id}`, { token: tree.a1.token })).body.code).toBe(0);
  });

  it('refuses unknown permissions (10002) and permissions the caller lacks (10001)', async () => {
    const unknown = await call(t.app, 'POST', '/auth/group', {
      token: tree.a1.token,
      body: { name: 'x', permissions: ['root'] },
    });
    expect(unknown.body.code).toBe(BizCode.PARAM_ERROR);
    const lacking = await call(t.app, 'POST', '/auth/group', {
      token: tree.s1.token,
      body: { name: 'x', permissions: ['Event'] },
    });
    expect(lacking.body.code).toBe(BizCode.NO_PERMISSION);
    // A sub-account cannot widen a role beyond its own permissions, nor edit one that holds more.
    const widen = await call(t.app, 'PUT', `/auth/group/${tree.a1Role}`, {
      token: tree.s1.token,
      body: { name: 'mine' },
    });
    expect(widen.body.code).toBe(BizCode.NO_PERMISSION);
    const own = await call<Role>(t.app, 'POST', '/auth/group', {
      token: tree.s1.token,
      body: { name: 'view', permissions: ['auth.User'] },
    });
    expect(own.body.data.owner_user_id).toBe(tree.a1.id);
    const grow = await call(t.app, 'PUT', `/auth/group/${own.body.data.id}`, {
      token: tree.s1.token,
      body: { permissions: ['auth.User', 'auth.User/delete'] },
    });
    expect(grow.body.code).toBe(BizCode.NO_PERMISSION);
  });

  it('ownedRoleList defaults to the data owner; the admin role is never assignable', async () => {
    const owned = await call<Role[]>(t.app, 'GET', '/auth/user/ownedRoleList', { token: tree.s1.token });
    expect(owned.body.data.every((r) => r.owner_user_id === tree.a1.id)).toBe(true);
    const admin = await tokenFor(t.app, 'admin', t.adminPassword);
    const adminRoles = await call<Role[]>(t.app, 'GET', '/auth/user/assignedRoleList', { token: admin });
    const adminRoleId = adminRoles.body.data.find((r) => r.name === 'admin')!.id;
    const u = await createUser(t.database, { userType: 1, parentId: 1 });
    const res = await call(t.app, 'PUT', `/auth/user/${u.id}`, {
      token: admin,
      body: { role_ids: [adminRoleId] },
    });
    expect(res.status).toBe(404);
    const group = await call(t.app, 'PUT', `/auth/group/${adminRoleId}`, {
      token: admin,
      body: { name: 'x' },
    });
    expect(group.status).toBe(404);
  });

  it('GET /auth/rule answers the catalogue to user type 0 only', async () => {
    const admin = await tokenFor(t.app, 'admin', t.adminPassword);
    const res = await call<RuleGroup[]>(t.app, 'GET', '/auth/rule', { token: admin });
    expect(res.body.data.map((g) => g.group)).toEqual(Object.keys(PERMISSION_GROUPS));
    expect((await call(t.app, 'GET', '/auth/rule', { token: tree.m1.token })).body.code).toBe(
      BizCode.NO_PERMISSION,
    );
  });
});
