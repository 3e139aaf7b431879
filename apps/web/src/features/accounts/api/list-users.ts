import type { ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { UserListQuery, UserRow } from './types';

export function listUsers(query: UserListQuery, signal?: AbortSignal): Promise<ListResult<UserRow>> {
  return api.get<ListResult<UserRow>>('/auth/user', { ...query }, { signal });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: accountKeys.userList(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
