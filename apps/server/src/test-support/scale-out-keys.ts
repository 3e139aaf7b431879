import { generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * The keys every instance of a scale-out deployment shares (config.ts refuses REDIS_URL without
 * them): fresh ones for a test deployment, the same object given to each of its instances.
 */
export function scaleOutKeys(): { TOKEN_SECRET: string; SECRET_BOX_KEY: string; OTA_SIGNING_KEY: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    SECRET_BOX_KEY: randomBytes(32).toString('hex'),
    OTA_SIGNING_KEY: Buffer.from(pem).toString('base64'),
  };
}
