import { describe, expect, it } from 'vitest';
import {
  isValidDomain,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidRoleName,
  isValidUsername,
  ruleOf,
} from './validation';

describe('form validation rules', () => {
  it('usernames: letters, numbers, Chinese, 2 to 32', () => {
    expect(isValidUsername('acme01')).toBe(true);
    expect(isValidUsername('厂商一')).toBe(true);
    expect(isValidUsername('a')).toBe(false);
    expect(isValidUsername('bad name')).toBe(false);
    expect(isValidUsername('x'.repeat(33))).toBe(false);
  });

  it('passwords: SPEC 5 letters, digits, !@#$%^&*, at least 6', () => {
    expect(isValidPassword('Secret#1')).toBe(true);
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('with space')).toBe(false);
    expect(isValidPassword('semi;colon')).toBe(false);
  });

  it('optional email and phone', () => {
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('nope')).toBe(false);
    expect(isValidPhone('+86 138-0000-0000')).toBe(true);
    expect(isValidPhone('abc')).toBe(false);
  });

  it('domains and role names', () => {
    expect(isValidDomain('iot.example.com')).toBe(true);
    expect(isValidDomain('localhost:5173')).toBe(true);
    expect(isValidDomain('http://x.com')).toBe(false);
    expect(isValidDomain('x.com/path')).toBe(false);
    expect(isValidRoleName('  ')).toBe(false);
    expect(isValidRoleName('Operators')).toBe(true);
    expect(isValidRoleName('r'.repeat(65))).toBe(false);
  });

  it('ruleOf skips empty values and rejects with the message', async () => {
    const rule = ruleOf(isValidUsername, 'bad');
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'ok12')).resolves.toBeUndefined();
    await expect(rule.validator(null, 'a b')).rejects.toThrow('bad');
  });
});
