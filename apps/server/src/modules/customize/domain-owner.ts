import type { Executor } from '../../platform/db/client.js';
import { createCustomizeRepository } from './customize.repository.js';
import { normalizeDomain } from './customize.service.js';

/**
 * The user who owns a custom domain (null when none does): self-registration on a reseller's
 * domain creates the account below that reseller. Other modules ask this, not the repository.
 */
export function domainOwnerLookup(db: Executor): (host: string) => Promise<number | null> {
  const customize = createCustomizeRepository(db);
  return async (host) => (await customize.findByDomain(normalizeDomain(host)))?.ownerUserId ?? null;
}
