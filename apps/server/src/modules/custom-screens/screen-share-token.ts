import { randomBytes } from 'node:crypto';
import { sha256 } from '../../platform/auth/tokens.js';

/**
 * The external link's secret: 32 random bytes (base64url, 43 characters). Only its SHA-256 is stored:
 * with that much randomness a plain hash is enough (no salt, no slow hash), and it keeps the lookup an
 * index hit. The token is shown once, in the answer that makes it.
 */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: shareTokenHash(token) };
}

/** Hex SHA-256 of the token's UTF-8 bytes, as migration 0030 computed it for the links made before. */
export const shareTokenHash = (token: string): string => sha256(token);
