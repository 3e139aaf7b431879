import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The HS256 key: TOKEN_SECRET when set, otherwise DATA_DIR/secret.key, generated once per
 * installation (mode 0600). There is no default key.
 */
export function loadTokenKey(config: Pick<Config, 'TOKEN_SECRET' | 'DATA_DIR'>): {
  key: Uint8Array;
  source: 'env' | 'file' | 'generated';
} {
  if (config.TOKEN_SECRET) return { key: new TextEncoder().encode(config.TOKEN_SECRET), source: 'env' };
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, SECRET_KEY_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { key: new TextEncoder().encode(existing), source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadTokenKey(config);
    throw error;
  }
  chmodSync(file, 0o600);
  return { key: new TextEncoder().encode(secret), source: 'generated' };
}
