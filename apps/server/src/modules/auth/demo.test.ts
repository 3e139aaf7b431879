import { ALL_PERMISSIONS, BizCode } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERMISSIONS } from '../../platform/bootstrap/roles.js';
import { call, createDevice, login } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO: '1' } });
});
afterAll(async () => {
  await t?.close();
});

async function demoToken() {
  const res = await call<{ token: string; refresh_token: string }>(t.app, 'POST', '/login/demo');
  expect(res.body.code).toBe(0);
  return res.body.data;
}

describe('demo account (DEMO=1)', () => {
  it('signs in without a password and reads its info', async () => {
    const { token } = await demoToken();
    const info = await call<{ username: string; is_demo: boolean; user_type: number; roles: string[] }>(
      t.app,
      'GET',
      '/auth/user/info',
      { token },
    );
    expect(info.body.data).toMatchObject({ username: 'demo', is_demo: true, user_type: 3, roles: ['demo'] });
  });

  it('has the view permissions only', async () => {
    const { token } = await demoToken();
    const res = await call<string[]>(t.app, 'GET', '/auth/user/authList', { token });
    expect([...res.body.data].sort()).toEqual([...DEMO_PERMISSIONS].sort());
    expect(res.body.data.length).toBeLessThan(ALL_PERMISSIONS.length);
    expect(res.body.data).not.toContain('auth.User/add');
  });

  it('is read-only: non-GET calls answer 10001, logout and refresh still work', async () => {
    const { token, refresh_token } = await demoToken();
    const put = await call(t.app, 'PUT', '/auth/user/me', { token, body: { nick_name: 'x' } });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe(BizCode.NO_PERMISSION);
    const pwd = await call(t.app, 'PUT', '/auth/user/me/password', {
      token,
      body: { old_password: 'a'.repeat(32), new_password: 'b'.repeat(32) },
    });
    expect(pwd.body.code).toBe(BizCode.NO_PERMISSION);
    expect((await call(t.app, 'GET', '/dict?key=user_status', { token })).body.code).toBe(0);
    const refreshed = await call<{ token: string }>(t.app, 'POST', '/login/refreshtoken', {
      body: { refresh_token },
    });
    expect(refreshed.body.code).toBe(0);
    const out = await call(t.app, 'POST', '/login/logout', { token: refreshed.body.data.token });
    expect(out.body.code).toBe(0);
  });

  it('cannot be signed into with a password', async () => {
    const res = await login(t.app, 'demo', 'demo123');
    expect(res.body.code).toBe(BizCode.WRONG_CREDENTIALS);
  });

  it('system config says the demo is enabled', async () => {
    const res = await call<{ demo_enabled: boolean }>(t.app, 'GET', '/system/config');
    expect(res.body.data.demo_enabled).toBe(true);
  });

  it('reads no device secret: credentials answer 10001, the share code is blank', async () => {
    const { token } = await demoToken();
    const info = await call<{ user_id: number }>(t.app, 'GET', '/auth/user/info', { token });
    const device = await createDevice(t.database, {
      ownerUserId: info.body.data.user_id,
      title: 'demo meter',
    });
    const creds = await call(t.app, 'GET', `/device/${device.id}/credentials`, { token });
    expect(creds.status).toBe(403);
    expect(creds.body.code).toBe(BizCode.NO_PERMISSION);
    expect(JSON.stringify(creds.body)).not.toContain(device.httpKey);
    const rotate = await call(t.app, 'POST', `/device/${device.id}/credentials/rotate`, { token });
    expect(rotate.body.code).toBe(BizCode.NO_PERMISSION);
    const list = await call<{ rows: Array<{ id: number; device_sharecode: string }> }>(
      t.app,
      'GET',
      '/device?limit=100',
      { token },
    );
    const row = list.body.data.rows.find((r) => r.id === device.id);
    expect(row?.device_sharecode).toBe('');
    const detail = await call<{ device_sharecode: string }>(t.app, 'GET', `/device/${device.id}`, { token });
    expect(detail.body.code).toBe(0);
    expect(detail.body.data.device_sharecode).toBe('');
    for (const answer of [list.body, detail.body]) {
      const text = JSON.stringify(answer);
      for (const secret of [device.sharecode, device.httpKey, device.dtuKey, device.mqttPassword]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});
