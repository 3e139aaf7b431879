import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PASSWORD_RULE, reorderPasswordHash } from '@fleet/contracts';
import { hash, verify } from '@node-rs/argon2';

/** What the browser sends for a clear password: reorderPasswordHash(md5 hex) (SPEC 5). */
export function transmittedPassword(clear: string): string {
  return reorderPasswordHash(createHash('md5').update(clear, 'utf8').digest('hex'));
}

/** argon2id (the library default) of exactly the transmitted string. */
export function hashPassword(transmitted: string): Promise<string> {
  return hash(transmitted);
}

/** A stored hash no password matches (demo account, accounts without a password yet). */
export const UNUSABLE_PASSWORD = '!unusable';

/** A hash to verify against when the user does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, transmitted: string): Promise<boolean> {
  if (stored === undefined || stored === UNUSABLE_PASSWORD) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, transmitted).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, transmitted);
  } catch {
    return false;
  }
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*';

/** A random clear password of `length` characters that satisfies PASSWORD_RULE. */
export function randomPassword(length = 20): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const out = chars.join('');
  if (!PASSWORD_RULE.test(out)) throw new Error('random password does not satisfy PASSWORD_RULE');
  return out;
}
