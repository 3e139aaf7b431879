import type { UserInfo } from '@fleet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { authKeys } from './keys';

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  // The guard shows its own message when this fails (SPEC 2.2), so no toast here.
  return api.get<UserInfo>('/auth/user/info', undefined, { signal, notify: false });
}

export const userInfoQuery = () =>
  queryOptions({
    queryKey: authKeys.userInfo(),
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useUserInfo() {
  return useQuery(userInfoQuery());
}
