import { createHmac, hkdfSync, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Signed download URLs for OTA packages (docs/protocols.md "OTA"): a gateway has no user token, so
 * the notice carries `?t=<expires>.<mac>` where mac = HMAC-SHA256(hash + expires) under a key derived
 * from the platform's signing key (the same on every instance that shares OTA_SIGNING_KEY).
 */
export interface DownloadTokens {
  issue(hash: string, expiresAtSeconds: number): string;
  /** True when `token` was issued for `hash` and is not past its expiry. */
  check(hash: string, token: string, nowSeconds: number): boolean;
}

export function createDownloadTokens(signingKey: KeyObject): DownloadTokens {
  const secret = Buffer.from(
    hkdfSync('sha256', signingKey.export({ type: 'pkcs8', format: 'der' }), '', 'fleet ota download url', 32),
  );
  const mac = (hash: string, expires: number) =>
    createHmac('sha256', secret).update(`${hash}.${expires}`).digest('base64url');
  return {
    issue: (hash, expires) => `${expires}.${mac(hash, expires)}`,
    check(hash, token, now) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires <= now) return false;
      const given = Buffer.from(match[2]!, 'base64url');
      const wanted = Buffer.from(mac(hash, expires), 'base64url');
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
