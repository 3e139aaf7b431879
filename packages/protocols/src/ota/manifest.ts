/**
 * OTA package manifests (DESIGN 13): `{artifact sha256, size, models, version, counter, expires}`
 * signed with the platform's Ed25519 key. The platform signs; a gateway (the simulator here, real
 * firmware later) verifies before it applies anything and refuses a bad signature, a model it is not,
 * a counter not above its own (anti-rollback), an expired manifest, and bytes whose size or sha256
 * differ from the manifest. The signature covers one canonical serialisation (keys sorted, no spaces),
 * so the JSON a gateway receives may be re-ordered in transit without breaking it.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { z } from 'zod';

export const otaManifest = z.strictObject({
  artifact: z.strictObject({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().min(1),
  }),
  /** Gateway models this package is for; a gateway of another model refuses it. */
  models: z.array(z.string().min(1).max(64)).min(1).max(64),
  /** The version the gateway reports after applying (shown in the gateway list). */
  version: z.string().min(1).max(64),
  /** Monotonic anti-rollback counter: a gateway applies only a counter above the one it runs. */
  counter: z.number().int().min(1),
  /** Epoch seconds after which the manifest is refused. */
  expires: z.number().int().min(1),
});
export type OtaManifest = z.infer<typeof otaManifest>;

/** What travels to the gateway: the manifest and the base64 Ed25519 signature of its canonical form. */
export interface SignedManifest {
  manifest: OtaManifest;
  signature: string;
}

export type ManifestRefusal =
  | 'malformed'
  | 'bad-signature'
  | 'wrong-model'
  | 'rollback'
  | 'expired'
  | 'size-mismatch'
  | 'hash-mismatch';

/** Keys sorted at every level, arrays in order: the bytes the signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function signManifest(manifest: OtaManifest, privateKey: KeyObject | string): SignedManifest {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const parsed = otaManifest.parse(manifest);
  const signature = sign(null, Buffer.from(canonicalJson(parsed)), key).toString('base64');
  return { manifest: parsed, signature };
}

/** The gateway's own state that a manifest is checked against. */
export interface GatewayIdentity {
  model: string;
  /** Counter of the package it runs; 0 for a factory image. */
  counter: number;
}

/**
 * The gateway's check before it downloads: signature first (nothing of an unsigned manifest is
 * trusted), then expiry, model and counter. Answers null when the manifest may be applied.
 */
export function refuseManifest(
  signed: unknown,
  publicKey: KeyObject | string,
  gateway: GatewayIdentity,
  nowSeconds: number,
): ManifestRefusal | null {
  const envelope = z.object({ manifest: z.unknown(), signature: z.string().max(200) }).safeParse(signed);
  if (!envelope.success) return 'malformed';
  const parsed = otaManifest.safeParse(envelope.data.manifest);
  if (!parsed.success) return 'malformed';
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const signature = Buffer.from(envelope.data.signature, 'base64');
  let valid = false;
  try {
    valid = verify(null, Buffer.from(canonicalJson(parsed.data)), key, signature);
  } catch {
    valid = false;
  }
  if (!valid) return 'bad-signature';
  const manifest = parsed.data;
  if (manifest.expires <= nowSeconds) return 'expired';
  if (!manifest.models.includes(gateway.model)) return 'wrong-model';
  if (manifest.counter <= gateway.counter) return 'rollback';
  return null;
}

/** The check after the download: the bytes are the ones the manifest names. */
export function refuseArtifact(manifest: OtaManifest, bytes: Uint8Array): ManifestRefusal | null {
  if (bytes.byteLength !== manifest.artifact.size) return 'size-mismatch';
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sha256 === manifest.artifact.sha256 ? null : 'hash-mismatch';
}
