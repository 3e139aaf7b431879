import type { ListQuery, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { Role } from './types';

export type RoleQuery = Partial<ListQuery> & { search?: string };

export function listRoles(query: RoleQuery, signal?: AbortSignal): Promise<ListResult<Role>> {
  return api.get<ListResult<Role>>('/auth/group', { ...query }, { signal });
}

export function useRoles(query: RoleQuery) {
  return useQuery({
    queryKey: accountKeys.roleList(query),
    queryFn: ({ signal }) => listRoles(query, signal),
    placeholderData: keepPreviousData,
  });
}
