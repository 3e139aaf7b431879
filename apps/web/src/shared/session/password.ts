import { reorderPasswordHash, TRANSMITTED_PASSWORD } from '@fleet/contracts';
import { md5 } from 'js-md5';

/** SPEC 5: the clear password is sent as reorderPasswordHash(md5(clear)). */
export function transformPassword(clear: string): string {
  return reorderPasswordHash(md5(clear));
}

/** For credentials that may already be transformed (the `u` parameter): 32 lowercase hex goes as is. */
export function transformUnlessHashed(password: string): string {
  return TRANSMITTED_PASSWORD.test(password) ? password : transformPassword(password);
}
