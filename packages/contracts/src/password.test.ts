import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reorderPasswordHash } from './password.js';

describe('reorderPasswordHash (SPEC 5)', () => {
  it('moves the last 6 characters to the front and the first 6 to the end', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    expect(reorderPasswordHash(hex)).toBe('abcdef' + '6789abcdef0123456789' + '012345');
  });

  it('keeps length and characters of a real md5', () => {
    const hex = createHash('md5').update('secret!1').digest('hex');
    const out = reorderPasswordHash(hex);
    expect(out).toHaveLength(32);
    expect([...out].sort().join('')).toBe([...hex].sort().join(''));
  });

  it('refuses anything that is not 32 lowercase hex characters', () => {
    expect(() => reorderPasswordHash('abc')).toThrow();
    expect(() => reorderPasswordHash('0123456789ABCDEF0123456789ABCDEF')).toThrow();
  });
});
