import type { ListQuery, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { RegisterUserRow } from './types';

export type RegisterUserQuery = Partial<ListQuery> & { search?: string };

export function listRegisterUsers(
  query: RegisterUserQuery,
  signal?: AbortSignal,
): Promise<ListResult<RegisterUserRow>> {
  return api.get<ListResult<RegisterUserRow>>('/auth/user/register', { ...query }, { signal });
}

export function useRegisterUsers(query: RegisterUserQuery) {
  return useQuery({
    queryKey: accountKeys.registerUsers(query),
    queryFn: ({ signal }) => listRegisterUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
