import type { DeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export interface DeviceListParams {
  page: number;
  limit: number;
  search: string;
  status?: number;
  protocol?: number;
  group_id?: number;
  project_id?: number;
  company_id?: number;
}

export function listDevices(query: DeviceListParams, signal?: AbortSignal) {
  return api.get<{ rows: DeviceRow[]; total: number }>(
    '/device',
    { ...query } as Record<string, QueryValue>,
    { signal },
  );
}

export function useDevices(query: DeviceListParams) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => listDevices(query, signal),
    placeholderData: keepPreviousData,
  });
}
