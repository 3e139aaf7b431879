import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { transmittedPassword } from '../auth/password.js';

// The client address feeds the per-address sign-in throttle and the login log, so which proxies
// are believed must be explicit (TRUST_PROXY); by default X-Forwarded-For is ignored.
async function signInFrom(t: TestApp, username: string, password: string, forwardedFor: string) {
  const res = await call<{ token: string }>(t.app, 'POST', '/login/login', {
    body: { username, password: transmittedPassword(password) },
    ip: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });
  const info = await call<{ login_ip: string }>(t.app, 'GET', '/auth/user/info', {
    token: res.body.data.token,
  });
  return info.body.data.login_ip;
}

describe('client address behind a proxy', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [trusting, plain] = await Promise.all([createTestApp({ env: { TRUST_PROXY: '1' } }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([trusting.close(), plain.close()]);
  });

  it('takes the forwarded address when TRUST_PROXY allows one hop', async () => {
    const user = await createUser(trusting.database);
    expect(await signInFrom(trusting, user.username, user.password, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For by default', async () => {
    const user = await createUser(plain.database);
    expect(await signInFrom(plain, user.username, user.password, '203.0.113.9')).toBe('127.0.0.1');
  });
});
