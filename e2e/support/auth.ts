import { createHash } from 'node:crypto';
import { reorderPasswordHash } from '@fleet/contracts';

/** The password as the login page transmits it (SPEC 5). */
export function transmitted(clear: string): string {
  return reorderPasswordHash(createHash('md5').update(clear).digest('hex'));
}

export const admin = () => ({ username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? '' });
