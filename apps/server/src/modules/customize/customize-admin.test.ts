import {
  BizCode,
  type Customize,
  type CustomizeInfo,
  type ListResult,
  MODULE_DEFAULTS,
  type OptionEntry,
  type SystemConfig,
  type UserCustomize,
} from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../../test-support/factories.js';
import { createTenantTree, type TenantTree } from '../../test-support/tenancy.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tree: TenantTree;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tree = await createTenantTree(t.app, t.database);
  admin = await tokenFor(t.app, 'admin', t.adminPassword);
});
afterAll(async () => {
  await t?.close();
});

describe('customize CRUD (user type 0)', () => {
  it('creates, lists, updates and deletes; the public info follows', async () => {
    const created = await call<Customize>(t.app, 'POST', '/customize', {
      token: admin,
      body: {
        domain: 'Brand.Example.com:8080',
        platform_title: 'Brand',
        bigscreen_title: 'Big',
        owner_user_id: tree.a1.id,
      },
    });
    expect(created.body.data).toMatchObject({
      domain: 'brand.example.com',
      owner_user_id: tree.a1.id,
      owner_username: tree.a1.username,
    });
    const id = created.body.data.id;
    const dup = await call(t.app, 'POST', '/customize', {
      token: admin,
      body: { domain: 'brand.example.com' },
    });
    expect(dup.body.code).toBe(BizCode.USER_MESSAGE);
    const list = await call<ListResult<Customize>>(t.app, 'GET', '/customize?search=brand', { token: admin });
    expect(list.body.data.total).toBe(1);
    await call(t.app, 'PUT', `/customize/${id}`, { token: admin, body: { platform_title: 'Brand 2' } });
    const info = await call<CustomizeInfo>(t.app, 'GET', '/customize/info?domain=brand.example.com');
    expect(info.body.data.platform_title).toBe('Brand 2');
    const mine = await call<UserCustomize>(t.app, 'GET', '/auth/user/customize', { token: tree.s1.token });
    expect(mine.body.data.platform_title).toBe('Brand 2');
    expect(
      (await call(t.app, 'PUT', `/customize/${id}`, { token: admin, body: { owner_user_id: 999999 } }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/customize/${id}`, { token: admin })).body.code).toBe(0);
    expect((await call(t.app, 'DELETE', `/customize/${id}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'GET', '/customize', { token: tree.a1.token })).body.code).toBe(
      BizCode.NO_PERMISSION,
    );
    expect(
      (await call(t.app, 'POST', '/customize', { token: tree.m1.token, body: { domain: 'm1.example.com' } }))
        .body.code,
    ).toBe(BizCode.NO_PERMISSION);
  });

  it('PUT /auth/user/customize sets the caller big-screen title only', async () => {
    const res = await call<UserCustomize>(t.app, 'PUT', '/auth/user/customize', {
      token: tree.c1.token,
      body: { bigscreen_title: 'My plant' },
    });
    expect(res.body.data.bigscreen_title).toBe('My plant');
    const bad = await call(t.app, 'PUT', '/auth/user/customize', {
      token: tree.c1.token,
      body: { bigscreen_title: 'x', platform_title: 'y' },
    });
    expect(bad.body.code).toBe(BizCode.PARAM_ERROR);
  });
});

describe('PUT /option (platform management)', () => {
  it('module switches: partial, merged, strict; GET /system/config follows; others get 10001', async () => {
    const res = await call(t.app, 'PUT', '/option?name=modules', {
      token: admin,
      body: { energyAnalyze: true, wechat: false },
    });
    expect(res.body.data).toEqual({ ...MODULE_DEFAULTS, energyAnalyze: true, wechat: false });
    await call(t.app, 'PUT', '/option?name=modules', { token: admin, body: { flow: false } });
    const config = await call<SystemConfig>(t.app, 'GET', '/system/config');
    expect(config.body.data.modules).toEqual({
      ...MODULE_DEFAULTS,
      energyAnalyze: true,
      wechat: false,
      flow: false,
    });
    expect(
      (await call(t.app, 'PUT', '/option?name=modules', { token: admin, body: { bogus: true } })).body.code,
    ).toBe(BizCode.PARAM_ERROR);
    expect(
      (await call(t.app, 'PUT', '/option?name=modules', { token: admin, body: { flow: 'no' } })).body.code,
    ).toBe(BizCode.PARAM_ERROR);
    expect((await call(t.app, 'PUT', '/option?name=nope', { token: admin, body: {} })).body.code).toBe(
      BizCode.PARAM_ERROR,
    );
    for (const caller of [tree.m1, tree.a1, tree.s1]) {
      const denied = await call(t.app, 'PUT', '/option?name=modules', {
        token: caller.token,
        body: { flow: true },
      });
      expect(denied.body.code).toBe(BizCode.NO_PERMISSION);
    }
    expect((await call<SystemConfig>(t.app, 'GET', '/system/config')).body.data.modules.flow).toBe(false);
  });

  it('alarm levels: a validated list', async () => {
    const levels = [{ value: 1, label: { zh: '低', en: 'Low', es: 'Baja' }, color: '#00ff00' }];
    const res = await call<OptionEntry[]>(t.app, 'PUT', '/option?name=alarm_levels', {
      token: admin,
      body: levels,
    });
    expect(res.body.data).toEqual(levels);
    expect(
      (await call<OptionEntry[]>(t.app, 'GET', '/option?name=alarm_levels', { token: admin })).body.data,
    ).toEqual(levels);
    for (const bad of [[], [...levels, ...levels], [{ ...levels[0], color: 'red' }], { value: 1 }]) {
      expect(
        (await call(t.app, 'PUT', '/option?name=alarm_levels', { token: admin, body: bad })).body.code,
      ).toBe(BizCode.PARAM_ERROR);
    }
    expect(
      (await call(t.app, 'PUT', '/option?name=alarm_levels', { token: tree.m1.token, body: levels })).body
        .code,
    ).toBe(BizCode.NO_PERMISSION);
  });
});
