import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  type OtaManifest,
  refuseArtifact,
  refuseManifest,
  type SignedManifest,
  signManifest,
} from './manifest.js';

const platform = generateKeyPairSync('ed25519');
const attacker = generateKeyPairSync('ed25519');
const firmware = Buffer.from('firmware image v2.1.0 '.repeat(1000));
const NOW = 1_800_000_000;

const manifest: OtaManifest = {
  artifact: { sha256: createHash('sha256').update(firmware).digest('hex'), size: firmware.byteLength },
  models: ['DTU-4G-A', 'DTU-4G-B'],
  version: '2.1.0',
  counter: 7,
  expires: NOW + 3600,
};
const gateway = { model: 'DTU-4G-A', counter: 6 };
const signed = signManifest(manifest, platform.privateKey);
const check = (s: unknown, g = gateway, now = NOW) => refuseManifest(s, platform.publicKey, g, now);

describe('OTA manifests (DESIGN 13)', () => {
  it('a manifest signed by the platform is accepted, also with its keys re-ordered in transit', () => {
    expect(check(signed)).toBeNull();
    const reordered = JSON.parse(
      JSON.stringify({
        signature: signed.signature,
        manifest: { ...signed.manifest, models: manifest.models },
      }),
    );
    expect(check(reordered)).toBeNull();
    const pem = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(refuseManifest(signed, pem, gateway, NOW)).toBeNull();
  });

  it('canonical JSON sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,1]},"b":1}');
  });

  it('refuses every tampered field (100% of a tamper sweep)', () => {
    const tampered: SignedManifest[] = [
      { ...signed, manifest: { ...signed.manifest, version: '9.9.9' } },
      { ...signed, manifest: { ...signed.manifest, counter: 8 } },
      { ...signed, manifest: { ...signed.manifest, expires: NOW + 999_999 } },
      { ...signed, manifest: { ...signed.manifest, models: ['DTU-4G-A', 'OTHER'] } },
      { ...signed, manifest: { ...signed.manifest, artifact: { ...manifest.artifact, size: 1 } } },
      {
        ...signed,
        manifest: { ...signed.manifest, artifact: { ...manifest.artifact, sha256: 'f'.repeat(64) } },
      },
    ];
    for (const t of tampered) expect(check(t)).toBe('bad-signature');
    // Every single bit of the signature flipped in turn.
    const raw = Buffer.from(signed.signature, 'base64');
    let refused = 0;
    for (let bit = 0; bit < raw.length * 8; bit += 1) {
      const copy = Buffer.from(raw);
      copy[bit >> 3]! ^= 1 << (bit & 7);
      if (check({ ...signed, signature: copy.toString('base64') }) === 'bad-signature') refused += 1;
    }
    expect(refused).toBe(raw.length * 8);
  });

  it('refuses a manifest signed with another key, or not signed at all', () => {
    expect(check(signManifest(manifest, attacker.privateKey))).toBe('bad-signature');
    expect(check({ ...signed, signature: '' })).toBe('bad-signature');
    expect(check({ manifest })).toBe('malformed');
    expect(check({ ...signed, manifest: { ...manifest, extra: 1 } })).toBe('malformed');
    expect(check('not an object')).toBe('malformed');
  });

  it('refuses a wrong model, a counter not above its own and an expired manifest', () => {
    expect(check(signed, { model: 'PLC-1', counter: 0 })).toBe('wrong-model');
    expect(check(signed, { model: 'DTU-4G-B', counter: 7 })).toBe('rollback');
    expect(check(signed, { model: 'DTU-4G-B', counter: 99 })).toBe('rollback');
    expect(check(signed, gateway, manifest.expires)).toBe('expired');
    expect(check(signed, gateway, manifest.expires - 1)).toBeNull();
  });

  it('after the download, only the exact bytes pass', () => {
    expect(refuseArtifact(signed.manifest, firmware)).toBeNull();
    expect(refuseArtifact(signed.manifest, firmware.subarray(1))).toBe('size-mismatch');
    const flipped = Buffer.from(firmware);
    flipped[100]! ^= 0x01;
    expect(refuseArtifact(signed.manifest, flipped)).toBe('hash-mismatch');
  });
});
