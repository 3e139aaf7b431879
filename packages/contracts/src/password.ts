/**
 * SPEC 5: the browser sends md5(password) as 32 hex characters re-ordered as
 * last 6, then characters 6 to 26, then the first 6. The server stores argon2id of exactly
 * this string and never sees the clear password. md5 itself is computed by the caller
 * (browser: js-md5; node: crypto) so this package stays dependency-free.
 */
export function reorderPasswordHash(md5Hex: string): string {
  if (!/^[0-9a-f]{32}$/.test(md5Hex)) throw new Error('expected 32 lowercase hex characters');
  return md5Hex.slice(26) + md5Hex.slice(6, 26) + md5Hex.slice(0, 6);
}

/** The shape a transmitted password must have: 32 lowercase hex characters. */
export const TRANSMITTED_PASSWORD = /^[0-9a-f]{32}$/;

/** SPEC 5 password rule for the clear text typed by a person: letters, digits, symbols !@#$%^&*, at least 6. */
export const PASSWORD_RULE = /^[A-Za-z0-9!@#$%^&*]{6,64}$/;
/** SPEC 5 username hint: letters and numbers (Chinese characters also allowed). */
export const USERNAME_RULE = /^[A-Za-z0-9\u4e00-\u9fa5]{2,32}$/;
