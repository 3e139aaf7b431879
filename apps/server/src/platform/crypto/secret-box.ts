import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';

export const SECRET_BOX_FILE = 'secret-box.key';
/** Stored form: `sb1:` + base64url(iv 12 | tag 16 | ciphertext). Anything else is a legacy clear value. */
const PREFIX = 'sb1:';

/**
 * AES-256-GCM for secrets the platform must read back (webhook signing secrets): a database dump
 * alone does not reveal them, the key lives outside the database (README "Configuration").
 */
export interface SecretBox {
  /** '' stays '' (no secret). */
  seal(plain: string): string;
  /** Clear text of a sealed value; a value stored before encryption (no prefix) is returned as is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
  /**
   * HMAC-SHA256 (hex) of `text` under a key derived from the box key for `purpose`: for values that
   * are checked but never read back (verification codes).
   */
  mac(purpose: string, text: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box key must be 32 bytes');
  return {
    seal(plain) {
      if (plain === '') return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
    mac(purpose, text) {
      const derived = createHmac('sha256', key).update(`mac:${purpose}`).digest();
      return createHmac('sha256', derived).update(text).digest('hex');
    },
  };
}

/** SECRET_BOX_KEY (64 hex digits or base64 of 32 bytes) must decode to exactly 32 bytes. */
export function parseSecretBoxKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const decoded = Buffer.from(value, 'base64');
  return decoded.length === 32 ? decoded : null;
}

function keyFromDataDir(dataDir: string): Buffer {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_BOX_FILE);
  try {
    const key = parseSecretBoxKey(readFileSync(file, 'utf8'));
    if (key) return key;
    throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keyFromDataDir(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}

const boxes = new Map<string, SecretBox>();

/**
 * The installation's box: SECRET_BOX_KEY when set (scale-out: the same value on every instance),
 * otherwise DATA_DIR/secret-box.key, generated once (mode 0600). Built once per key source.
 */
export function secretBoxFor(
  config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'SECRET_BOX_KEY'>>,
): SecretBox {
  const id = config.SECRET_BOX_KEY ? `env:${config.SECRET_BOX_KEY}` : `dir:${resolve(config.DATA_DIR)}`;
  let box = boxes.get(id);
  if (!box) {
    const key = config.SECRET_BOX_KEY
      ? parseSecretBoxKey(config.SECRET_BOX_KEY)
      : keyFromDataDir(config.DATA_DIR);
    if (!key) throw new Error('SECRET_BOX_KEY must be 64 hex digits or the base64 of 32 bytes');
    box = createSecretBox(key);
    boxes.set(id, box);
  }
  return box;
}
