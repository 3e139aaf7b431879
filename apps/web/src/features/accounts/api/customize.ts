import type { ListQuery, ListResult } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountKeys } from './keys';
import type { Customize } from './types';

export type CustomizeQuery = Partial<ListQuery> & { search?: string };

export function listCustomize(query: CustomizeQuery, signal?: AbortSignal): Promise<ListResult<Customize>> {
  return api.get<ListResult<Customize>>('/customize', { ...query }, { signal });
}

export function useCustomizeList(query: CustomizeQuery) {
  return useQuery({
    queryKey: accountKeys.customizeList(query),
    queryFn: ({ signal }) => listCustomize(query, signal),
    placeholderData: keepPreviousData,
  });
}
