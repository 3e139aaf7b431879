import { beforeEach, describe, expect, it } from 'vitest';
import { readCookie } from './cookies';
import {
  COOKIE_EXPIRES,
  COOKIE_REFRESH,
  COOKIE_TOKEN,
  clearSession,
  EXPIRY_NOTICE_KEY,
  getExpiresAt,
  getRefreshToken,
  getToken,
  hasToken,
  needsRefresh,
  PREFIX_LENGTH,
  randomString,
  saveSession,
} from './token';

describe('session token storage (SPEC 4, 9)', () => {
  beforeEach(() => clearSession());

  it('stores token and refresh token with a 10-character random alphanumeric prefix', () => {
    saveSession({ token: 'tok.en-1', refresh_token: 'ref-2', expires_in: 3600 }, 1_000);
    const rawToken = readCookie(COOKIE_TOKEN)!;
    const rawRefresh = readCookie(COOKIE_REFRESH)!;
    expect(rawToken).toHaveLength(PREFIX_LENGTH + 'tok.en-1'.length);
    expect(rawToken.slice(0, PREFIX_LENGTH)).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(rawToken.endsWith('tok.en-1')).toBe(true);
    expect(rawRefresh.slice(0, PREFIX_LENGTH)).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(rawToken).not.toBe('tok.en-1');
  });

  it('strips the prefix on read', () => {
    saveSession({ token: 'abc', refresh_token: 'def', expires_in: 60 });
    expect(getToken()).toBe('abc');
    expect(getRefreshToken()).toBe('def');
    expect(hasToken()).toBe(true);
  });

  it('stores the expiry in milliseconds: expires_in * 1000 + now', () => {
    saveSession({ token: 'a', refresh_token: 'b', expires_in: 7200 }, 1_700_000_000_000);
    expect(readCookie(COOKIE_EXPIRES)).toBe(String(1_700_000_000_000 + 7_200_000));
    expect(getExpiresAt()).toBe(1_700_007_200_000);
  });

  it('needs a refresh within 30 s of expiry, not before', () => {
    saveSession({ token: 'a', refresh_token: 'b', expires_in: 100 }, 0);
    expect(needsRefresh(69_999)).toBe(false);
    expect(needsRefresh(70_000)).toBe(true);
    expect(needsRefresh(200_000)).toBe(true);
  });

  it('clears cookies and the expiry-notice flag at logout', () => {
    saveSession({ token: 'a', refresh_token: 'b', expires_in: 100 });
    localStorage.setItem(EXPIRY_NOTICE_KEY, '1');
    clearSession();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getExpiresAt()).toBeUndefined();
    expect(localStorage.getItem(EXPIRY_NOTICE_KEY)).toBeNull();
    expect(needsRefresh()).toBe(false);
  });

  it('random prefixes differ', () => {
    expect(randomString(10)).not.toBe(randomString(10));
  });
});
