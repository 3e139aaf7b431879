import type { ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { LoginLogQuery, LoginLogRow } from './types';

export function listLoginLog(query: LoginLogQuery, signal?: AbortSignal): Promise<ListResult<LoginLogRow>> {
  return api.get<ListResult<LoginLogRow>>('/auth/user/login-log', { ...query }, { signal });
}

export function useLoginLog(query: LoginLogQuery) {
  return useQuery({
    queryKey: accountKeys.loginLog(query),
    queryFn: ({ signal }) => listLoginLog(query, signal),
    placeholderData: keepPreviousData,
  });
}
