import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';

export const OTA_SIGNING_KEY_FILE = 'ota-signing.key';

/**
 * The platform's Ed25519 key for OTA manifests (DESIGN 13). Gateways trust its public half only, so
 * the private half never leaves the server: OTA_SIGNING_KEY when set (scale-out: the same value on
 * every instance), else DATA_DIR/ota-signing.key generated once (mode 0600), like the secret box key.
 */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM, what a gateway is provisioned with. */
  publicKeyPem: string;
}

/** PKCS#8 PEM, or the base64 of it; anything that is not an Ed25519 private key is refused. */
export function parseSigningKey(text: string): KeyObject {
  const value = text.trim();
  const pem = value.startsWith('-----') ? value : Buffer.from(value, 'base64').toString('utf8');
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('OTA_SIGNING_KEY must be an Ed25519 private key');
  return key;
}

function keyFromDataDir(dataDir: string): KeyObject {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, OTA_SIGNING_KEY_FILE);
  try {
    return parseSigningKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keyFromDataDir(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return privateKey;
}

const keys = new Map<string, SigningKey>();

export function otaSigningKeyFor(
  config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'OTA_SIGNING_KEY'>>,
): SigningKey {
  const id = config.OTA_SIGNING_KEY ? `env:${config.OTA_SIGNING_KEY}` : `dir:${resolve(config.DATA_DIR)}`;
  let key = keys.get(id);
  if (!key) {
    const privateKey = config.OTA_SIGNING_KEY
      ? parseSigningKey(config.OTA_SIGNING_KEY)
      : keyFromDataDir(config.DATA_DIR);
    const publicKey = createPublicKey(privateKey);
    key = {
      privateKey,
      publicKey,
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    keys.set(id, key);
  }
  return key;
}
