import { reorderPasswordHash } from '@fleet/contracts';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { autoLoginBody, decodeAutoLogin, encodeAutoLogin } from './auto-login';

describe('query parameter u (SPEC 2.2)', () => {
  it('moves the last 8 characters to the front before decoding Base64 JSON', () => {
    const b64 = btoa(JSON.stringify({ username: 'alice', password: 'secret!1' }));
    const u = b64.slice(8) + b64.slice(0, 8);
    expect(decodeAutoLogin(u)).toEqual({ username: 'alice', password: 'secret!1' });
    // the plain Base64 (not rotated) is not accepted as the same payload
    expect(decodeAutoLogin(b64)).toBeNull();
  });

  it('round-trips with encodeAutoLogin, including non-ASCII usernames', () => {
    const creds = { username: '张三', password: 'pa$$word1' };
    expect(decodeAutoLogin(encodeAutoLogin(creds))).toEqual(creds);
  });

  it('rejects malformed payloads', () => {
    expect(decodeAutoLogin('')).toBeNull();
    expect(decodeAutoLogin('short')).toBeNull();
    expect(decodeAutoLogin('!!!!not-base64!!!!')).toBeNull();
    const noPassword = btoa(JSON.stringify({ username: 'a' }));
    expect(decodeAutoLogin(noPassword.slice(8) + noPassword.slice(0, 8))).toBeNull();
  });

  it('sends a 32-lowercase-hex password as is and transforms anything else', () => {
    const hashed = 'abcdef0123456789abcdef0123456789';
    expect(autoLoginBody({ username: 'a', password: hashed }).password).toBe(hashed);
    expect(autoLoginBody({ username: 'a', password: 'secret!1' }).password).toBe(
      reorderPasswordHash(md5('secret!1')),
    );
    // uppercase hex is not "already transformed"
    const upper = hashed.toUpperCase();
    expect(autoLoginBody({ username: 'a', password: upper }).password).toBe(reorderPasswordHash(md5(upper)));
  });
});
