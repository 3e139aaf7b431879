import { describe, expect, it } from 'vitest';
import { generateKey, isValidImei, isValidKey, keysMatch } from './identity.js';

describe('identity formats', () => {
  it('IMEI is 6-20 digits', () => {
    expect(isValidImei('866123456789012')).toBe(true);
    expect(isValidImei('123456')).toBe(true);
    expect(isValidImei('12345678901234567890')).toBe(true);
    expect(isValidImei('12345')).toBe(false);
    expect(isValidImei('123456789012345678901')).toBe(false);
    expect(isValidImei('86612345678901a')).toBe(false);
    expect(isValidImei(' 866123456789012')).toBe(false);
    expect(isValidImei(866123456789012)).toBe(false);
  });
  it('key is 32 lowercase hex', () => {
    expect(isValidKey('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isValidKey('0123456789ABCDEF0123456789abcdef')).toBe(false);
    expect(isValidKey('0123456789abcdef0123456789abcde')).toBe(false);
    expect(isValidKey('0123456789abcdef0123456789abcdeg')).toBe(false);
  });
  it('generates distinct valid keys and compares them', () => {
    const a = generateKey();
    const b = generateKey();
    expect(isValidKey(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(keysMatch(a, a)).toBe(true);
    expect(keysMatch(a, b)).toBe(false);
    expect(keysMatch('x', a)).toBe(false);
  });
});
