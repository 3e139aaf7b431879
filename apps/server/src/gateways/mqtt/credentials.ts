import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyDeviceSecretHash } from '../../modules/devices/secret-hash.js';
import type { DirectoryDevice } from '../../pipeline/directory.js';

/** Constant-time comparison that also hides the secret's length (both sides hashed first). */
export function secretMatches(given: string | Buffer | undefined, expected: string): boolean {
  if (given === undefined || expected.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Does `secret` open the device's MQTT login? The one check every broker path uses (embedded
 * broker, EMQX hooks); an absent device is compared too, so both refusals take the same time.
 */
export function verifyDeviceSecret(
  device: Pick<DirectoryDevice, 'mqttPasswordHash'> | null | undefined,
  secret: string | Buffer | undefined,
): boolean {
  const matches = verifyDeviceSecretHash(secret, device?.mqttPasswordHash);
  return Boolean(device) && matches;
}

export function isExpired(device: Pick<DirectoryDevice, 'expireAt'>, now: Date): boolean {
  return device.expireAt !== null && device.expireAt.getTime() <= now.getTime();
}
