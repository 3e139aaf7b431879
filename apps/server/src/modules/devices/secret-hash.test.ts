import { describe, expect, it } from 'vitest';
import { hashDeviceSecret, isDeviceSecretHash, verifyDeviceSecretHash } from './secret-hash.js';

describe('device secret hashes', () => {
  it('stores sha256$<salt>$<digest>, salted per value', () => {
    const a = hashDeviceSecret('s3cret-of-24-characters!');
    const b = hashDeviceSecret('s3cret-of-24-characters!');
    expect(a).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(isDeviceSecretHash(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
  });

  it('verifies the plain secret only, never the stored hash itself', () => {
    const stored = hashDeviceSecret('plain-secret');
    expect(verifyDeviceSecretHash('plain-secret', stored)).toBe(true);
    expect(verifyDeviceSecretHash(Buffer.from('plain-secret'), stored)).toBe(true);
    expect(verifyDeviceSecretHash('plain-secreT', stored)).toBe(false);
    expect(verifyDeviceSecretHash(stored, stored)).toBe(false);
    expect(verifyDeviceSecretHash(undefined, stored)).toBe(false);
    expect(verifyDeviceSecretHash('', stored)).toBe(false);
  });

  it('never matches a clear or malformed stored value (e.g. a row the migration has not seen)', () => {
    expect(verifyDeviceSecretHash('plain-secret', 'plain-secret')).toBe(false);
    expect(verifyDeviceSecretHash('', '')).toBe(false);
    expect(verifyDeviceSecretHash('x', undefined)).toBe(false);
    expect(verifyDeviceSecretHash('x', 'sha256$zz$00')).toBe(false);
  });
});
