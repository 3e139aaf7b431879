import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { authKeys } from './keys';

export function getAuthList(signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/auth/user/authList', undefined, { signal, notify: false });
}

export const authListQuery = () =>
  queryOptions({
    queryKey: authKeys.authList(),
    queryFn: ({ signal }) => getAuthList(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthList() {
  return useQuery(authListQuery());
}
