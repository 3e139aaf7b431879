import { createHash, timingSafeEqual } from 'node:crypto';
import type { DirectoryDevice } from '../../pipeline/directory.js';

/** Constant-time comparison that also hides the secret's length (both sides hashed first). */
export function secretMatches(given: string | Buffer | undefined, expected: string): boolean {
  if (given === undefined || expected.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function isExpired(device: Pick<DirectoryDevice, 'expireAt'>, now: Date): boolean {
  return device.expireAt !== null && device.expireAt.getTime() <= now.getTime();
}
