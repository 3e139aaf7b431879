import type { SystemConfig } from '@fleet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { systemKeys } from './keys';

export function getSystemConfig(signal?: AbortSignal): Promise<SystemConfig> {
  return api.get<SystemConfig>('/system/config', undefined, { signal, notify: false });
}

export const systemConfigQuery = () =>
  queryOptions({
    queryKey: systemKeys.config(),
    queryFn: ({ signal }) => getSystemConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSystemConfig() {
  return useQuery(systemConfigQuery());
}
