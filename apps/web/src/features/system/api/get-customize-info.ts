import type { CustomizeInfo } from '@fleet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { systemKeys } from './keys';

export function getCustomizeInfo(domain: string, signal?: AbortSignal): Promise<CustomizeInfo> {
  return api.get<CustomizeInfo>('/customize/info', { domain }, { signal, notify: false });
}

export const currentDomain = (): string => location.hostname;

export const customizeInfoQuery = (domain: string = currentDomain()) =>
  queryOptions({
    queryKey: systemKeys.customize(domain),
    queryFn: ({ signal }) => getCustomizeInfo(domain, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCustomizeInfo() {
  return useQuery(customizeInfoQuery());
}
