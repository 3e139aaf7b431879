import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { Role } from './types';

/** Roles I own: the ones I can hand to my users. */
export function getOwnedRoles(uid?: number, signal?: AbortSignal): Promise<Role[]> {
  return api.get<Role[]>('/auth/user/ownedRoleList', { uid }, { signal });
}

export function useOwnedRoles(enabled = true) {
  return useQuery({
    queryKey: accountKeys.ownedRoles(),
    queryFn: ({ signal }) => getOwnedRoles(undefined, signal),
    enabled,
  });
}
