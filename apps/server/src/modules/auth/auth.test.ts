import { BizCode } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmittedPassword } from '../../platform/auth/password.js';
import { call, createUser, login } from '../../test-support/factories.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEFAULT_LOGIN_THROTTLE, lockSecondsAfter, REFRESH_REUSE_GRACE_S } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type LoginData = { token: string; refresh_token: string; expires_in: number };

describe('POST /login/login', () => {
  it('signs the administrator in with the transformed password', async () => {
    const res = await login(t.app, 'admin', t.adminPassword);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toBe('ok');
    expect(res.body.data.expires_in).toBe(7200);
    expect(res.body.data.token.split('.')).toHaveLength(3);
    expect(res.body.data.refresh_token).not.toBe(res.body.data.token);
    const info = await call<{ username: string }>(t.app, 'GET', '/auth/user/info', {
      token: res.body.data.token,
    });
    expect(info.body.data.username).toBe('admin');
  });

  it('trims the username', async () => {
    const res = await login(t.app, '  admin \t', t.adminPassword);
    expect(res.body.code).toBe(0);
  });

  it('answers 10009 / 401 for a wrong password and for an unknown user', async () => {
    const wrong = await login(t.app, 'admin', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(BizCode.WRONG_CREDENTIALS);
    expect(wrong.body.data).toBeNull();
    const unknown = await login(t.app, 'nobody-here', 'whatever1');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe(BizCode.WRONG_CREDENTIALS);
  });

  it('refuses the clear password (the browser must send the transformed hash)', async () => {
    const res = await call(t.app, 'POST', '/login/login', {
      body: { username: 'admin', password: t.adminPassword },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^body\.password: /);
  });

  it('answers 10002 naming the missing field', async () => {
    const res = await call(t.app, 'POST', '/login/login', {
      body: { password: transmittedPassword('x12345') },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BizCode.PARAM_ERROR);
    expect(res.body.msg).toMatch(/^body\.username: /);
    const empty = await call(t.app, 'POST', '/login/login', {
      body: { username: '   ', password: transmittedPassword('x') },
    });
    expect(empty.body.msg).toMatch(/^body\.username: /);
  });

  it('answers 10002 for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(BizCode.PARAM_ERROR);
  });

  it('refuses a disabled or expired account with 20000 after a correct password', async () => {
    const disabled = await createUser(t.database, { status: 0 });
    const res = await login(t.app, disabled.username, disabled.password);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'account is disabled' });
    const expired = await createUser(t.database, { userExpire: new Date(Date.now() - 60_000) });
    const res2 = await login(t.app, expired.username, expired.password);
    expect(res2.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'account has expired' });
    // A wrong password still says only "wrong username or password".
    const res3 = await login(t.app, disabled.username, 'wrong-one');
    expect(res3.body.code).toBe(BizCode.WRONG_CREDENTIALS);
  });
});

describe('token checks', () => {
  it('answers 10010 / 401 without a token, with garbage and with a forged token', async () => {
    const none = await call(t.app, 'GET', '/auth/user/info');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(BizCode.SESSION_EXPIRED);
    const garbage = await call(t.app, 'GET', '/auth/user/info', { token: 'garbage' });
    expect(garbage.body.code).toBe(BizCode.SESSION_EXPIRED);
    const { body } = await login(t.app, 'admin', t.adminPassword);
    const [h, p] = body.data.token.split('.');
    const forged = `${h}.${p}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const res = await call(t.app, 'GET', '/auth/user/info', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(BizCode.SESSION_EXPIRED);
  });

  it('answers 10010 once the access token has expired', async () => {
    const user = await createUser(t.database);
    const { body } = await login(t.app, user.username, user.password);
    expect((await call(t.app, 'GET', '/auth/user/info', { token: body.data.token })).body.code).toBe(0);
    t.clock.advance(7201);
    try {
      const res = await call(t.app, 'GET', '/auth/user/info', { token: body.data.token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(BizCode.SESSION_EXPIRED);
    } finally {
      t.clock.advance(-7201);
    }
  });
});

describe('POST /login/refreshtoken', () => {
  it('rotates the refresh token; the old one is refused and revokes the session', async () => {
    const user = await createUser(t.database);
    const first = (await login(t.app, user.username, user.password)).body.data;
    const second = await call<LoginData>(t.app, 'POST', '/login/refreshtoken', {
      body: { token: first.token, refresh_token: first.refresh_token },
    });
    expect(second.body.code).toBe(0);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.data.expires_in).toBe(7200);
    expect((await call(t.app, 'GET', '/auth/user/info', { token: second.body.data.token })).body.code).toBe(
      0,
    );

    // Reusing the rotated-out token after the grace minute: refused, and the whole session is revoked.
    t.clock.advance(REFRESH_REUSE_GRACE_S + 1);
    const reuse = await call(t.app, 'POST', '/login/refreshtoken', {
      body: { refresh_token: first.refresh_token },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe(BizCode.SESSION_EXPIRED);
    const after = await call(t.app, 'POST', '/login/refreshtoken', {
      body: { refresh_token: second.body.data.refresh_token },
    });
    expect(after.body.code).toBe(BizCode.SESSION_EXPIRED);
    const info = await call(t.app, 'GET', '/auth/user/info', { token: second.body.data.token });
    expect(info.body.code).toBe(BizCode.SESSION_EXPIRED);
    t.clock.advance(-(REFRESH_REUSE_GRACE_S + 1));
  });

  it('honours the token the last rotation replaced for a minute: a lost answer or a second tab', async () => {
    const user = await createUser(t.database);
    const first = (await login(t.app, user.username, user.password)).body.data;
    const refresh = (refresh_token: string) =>
      call<LoginData>(t.app, 'POST', '/login/refreshtoken', { body: { refresh_token } });
    // The answer to this refresh is lost (the page reloaded): the browser still holds `first`.
    const lost = await refresh(first.refresh_token);
    expect(lost.body.code).toBe(0);
    t.clock.advance(5);
    const retried = await refresh(first.refresh_token);
    expect(retried.body.code).toBe(0);
    expect(retried.body.data.refresh_token).not.toBe(lost.body.data.refresh_token);
    // Only one step back is honoured: the token before the previous one is a reuse.
    const twoBack = await refresh(first.refresh_token);
    expect(twoBack.body.code).toBe(BizCode.SESSION_EXPIRED);
    expect((await refresh(retried.body.data.refresh_token)).body.code).toBe(BizCode.SESSION_EXPIRED);
  });

  it('two refreshes of the same token at once both succeed and the session lives on', async () => {
    const user = await createUser(t.database);
    const first = (await login(t.app, user.username, user.password)).body.data;
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        call<LoginData>(t.app, 'POST', '/login/refreshtoken', {
          body: { refresh_token: first.refresh_token },
        }),
      ),
    );
    expect([a?.body.code, b?.body.code]).toEqual([0, 0]);
    const latest = [a, b].map((r) => r?.body.data.refresh_token ?? '');
    const survivors = await Promise.all(
      latest.map(async (refresh_token) => {
        const res = await call<LoginData>(t.app, 'POST', '/login/refreshtoken', { body: { refresh_token } });
        return res.body.code;
      }),
    );
    // Whichever rotated last is current and the other is within grace: the session is not revoked.
    expect(survivors.filter((code) => code === 0).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed refresh tokens and a missing body field', async () => {
    const res = await call(t.app, 'POST', '/login/refreshtoken', { body: { refresh_token: 'nope' } });
    expect(res.body.code).toBe(BizCode.SESSION_EXPIRED);
    const missing = await call(t.app, 'POST', '/login/refreshtoken', { body: {} });
    expect(missing.body.code).toBe(BizCode.PARAM_ERROR);
    expect(missing.body.msg).toMatch(/^body\.refresh_token: /);
  });
});

describe('POST /login/logout', () => {
  it('revokes the access and the refresh token', async () => {
    const user = await createUser(t.database);
    const { token, refresh_token } = (await login(t.app, user.username, user.password)).body.data;
    const out = await call(t.app, 'POST', '/login/logout', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect((await call(t.app, 'GET', '/auth/user/info', { token })).body.code).toBe(BizCode.SESSION_EXPIRED);
    const refresh = await call(t.app, 'POST', '/login/refreshtoken', { body: { refresh_token } });
    expect(refresh.body.code).toBe(BizCode.SESSION_EXPIRED);
  });

  it('needs a token', async () => {
    const res = await call(t.app, 'POST', '/login/logout');
    expect(res.body.code).toBe(BizCode.SESSION_EXPIRED);
  });
});

describe('sign-in throttle (counted in login_log)', () => {
  it('locks the attacking address out of the account after 5 failures; the owner elsewhere still signs in', async () => {
    const user = await createUser(t.database);
    const attacker = '10.1.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, user.username, 'wrong-pass', attacker)).body.code).toBe(
        BizCode.WRONG_CREDENTIALS,
      );
    }
    // Even the right password is refused from the attacking address...
    const blocked = await login(t.app, user.username, user.password, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(BizCode.USER_MESSAGE);
    expect(String(blocked.body.data)).toMatch(/too many/);
    // ...but the owner, from another address, signs in, and so do other accounts from there.
    expect((await login(t.app, user.username, user.password, '10.1.0.2')).body.code).toBe(0);
    const other = await createUser(t.database);
    expect((await login(t.app, other.username, other.password, '10.1.0.2')).body.code).toBe(0);
    // The owner's success elsewhere does not lift the attacker's lock.
    expect((await login(t.app, user.username, user.password, attacker)).status).toBe(429);

    t.clock.advance(15 * 60 + 1);
    try {
      expect((await login(t.app, user.username, user.password, attacker)).body.code).toBe(0);
    } finally {
      t.clock.advance(-(15 * 60 + 1));
    }
  });

  it('the lock grows with each further failure (60 s, 120 s, 240 s...)', async () => {
    const user = await createUser(t.database);
    const attacker = '10.4.0.1';
    let moved = 0;
    const advance = (seconds: number) => {
      t.clock.advance(seconds);
      moved += seconds;
    };
    const attempt = async () => (await login(t.app, user.username, 'wrong-pass', attacker)).status;
    try {
      for (let i = 0; i < 5; i++) expect(await attempt()).toBe(401);
      expect(await attempt()).toBe(429);
      advance(59);
      expect(await attempt()).toBe(429);
      advance(2);
      // The first lock (60 s) is over: one more failure locks for 120 s.
      expect(await attempt()).toBe(401);
      advance(61);
      expect(await attempt()).toBe(429);
      advance(60);
      expect(await attempt()).toBe(401);
      // Now 240 s.
      advance(121);
      expect(await attempt()).toBe(429);
      advance(120);
      expect(await attempt()).toBe(401);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('lock lengths double up to the cap', () => {
    const throttle = DEFAULT_LOGIN_THROTTLE;
    expect(lockSecondsAfter(throttle, 4)).toBe(0);
    expect(lockSecondsAfter(throttle, 5)).toBe(60);
    expect(lockSecondsAfter(throttle, 6)).toBe(120);
    expect(lockSecondsAfter(throttle, 7)).toBe(240);
    expect(lockSecondsAfter(throttle, 9)).toBe(900);
    expect(lockSecondsAfter(throttle, 1000)).toBe(900);
  });

  it('a success resets the account counter', async () => {
    const user = await createUser(t.database);
    for (let i = 0; i < 4; i++) await login(t.app, user.username, 'wrong-pass', '10.2.0.1');
    expect((await login(t.app, user.username, user.password, '10.2.0.1')).body.code).toBe(0);
    for (let i = 0; i < 4; i++) await login(t.app, user.username, 'wrong-pass', '10.2.0.1');
    expect((await login(t.app, user.username, user.password, '10.2.0.1')).body.code).toBe(0);
  });

  it('refuses an address after 20 failures across accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) {
      expect((await login(t.app, `ghost${i}`, 'wrong-pass', ip)).body.code).toBe(BizCode.WRONG_CREDENTIALS);
    }
    const user = await createUser(t.database);
    const blocked = await login(t.app, user.username, user.password, ip);
    expect(blocked.status).toBe(429);
    // The same account from another address is fine.
    expect((await login(t.app, user.username, user.password, '10.3.0.2')).body.code).toBe(0);
  });
});

describe('POST /login/demo when DEMO is off', () => {
  it('answers 20000 demo is not enabled', async () => {
    const res = await call(t.app, 'POST', '/login/demo');
    expect(res.body).toMatchObject({ code: BizCode.USER_MESSAGE, data: 'demo is not enabled' });
  });
});
