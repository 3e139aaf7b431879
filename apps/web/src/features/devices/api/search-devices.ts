import type { DeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** How many devices a picker lists per search (the search narrows it). */
export const DEVICE_SEARCH_LIMIT = 50;

export interface DeviceOption {
  id: number;
  title: string;
  imei: string;
}

export const deviceOptionOf = (d: Pick<DeviceRow, 'id' | 'device_title' | 'device_imei'>): DeviceOption => ({
  id: d.id,
  title: d.device_title,
  imei: d.device_imei,
});

/** GET /device?search=: the first devices matching a picker's search (title or IMEI). */
export async function searchDevices(search: string, signal?: AbortSignal): Promise<DeviceOption[]> {
  const answer = await api.get<{ rows: DeviceRow[]; total: number }>(
    '/device',
    { page: 1, limit: DEVICE_SEARCH_LIMIT, search },
    { signal, notify: false },
  );
  return answer.rows.map(deviceOptionOf);
}

export function useSearchDevices(search: string) {
  return useQuery({
    queryKey: deviceKeys.search(search),
    queryFn: ({ signal }) => searchDevices(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
