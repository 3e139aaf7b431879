import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets at rest (DESIGN 7): `sha256$<salt hex>$<hex of sha256(salt || secret)>`. The secrets are
 * 24-32 random characters, so a fast salted hash is enough (a slow KDF would cost every MQTT connect), and
 * a database dump no longer lets anyone connect as a device. The migration 0009 writes the same format in
 * SQL, so keep both in step.
 */
export const SECRET_HASH_PREFIX = 'sha256$';

const SALT_BYTES = 16;

function digest(salt: Buffer, secret: string | Buffer): Buffer {
  return createHash('sha256').update(salt).update(secret).digest();
}

/** A fresh salted hash of `secret`, what the devices table stores. */
export function hashDeviceSecret(secret: string): string {
  const salt = randomBytes(SALT_BYTES);
  return `${SECRET_HASH_PREFIX}${salt.toString('hex')}$${digest(salt, secret).toString('hex')}`;
}

export function isDeviceSecretHash(stored: string): boolean {
  return /^sha256\$[0-9a-f]+\$[0-9a-f]{64}$/.test(stored);
}

/**
 * Does the presented secret match the stored hash? Constant time over the digest; a malformed stored value
 * (or none) never matches, but is still hashed so a refusal takes the same time.
 */
export function verifyDeviceSecretHash(
  given: string | Buffer | undefined,
  stored: string | undefined,
): boolean {
  const parts = stored?.split('$');
  const wellFormed = stored !== undefined && parts?.length === 3 && isDeviceSecretHash(stored);
  const salt = wellFormed ? Buffer.from(parts![1]!, 'hex') : Buffer.alloc(SALT_BYTES);
  const expected = wellFormed ? Buffer.from(parts![2]!, 'hex') : Buffer.alloc(32);
  const actual = digest(salt, given ?? '');
  return timingSafeEqual(actual, expected) && wellFormed && given !== undefined;
}
