import type { DeviceRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { getDevice } from '../../devices/api/get-device';
import { deviceKeys } from '../../devices/api/keys';
import { historyKeys } from './keys';

/** How many devices the picker lists per search (the search narrows it). */
export const DEVICE_OPTION_LIMIT = 50;

export interface DeviceOption {
  id: number;
  title: string;
  imei: string;
}

const optionOf = (d: Pick<DeviceRow, 'id' | 'device_title' | 'device_imei'>): DeviceOption => ({
  id: d.id,
  title: d.device_title,
  imei: d.device_imei,
});

/** GET /device?search=: the first devices matching the picker's search. */
export async function searchDevices(search: string, signal?: AbortSignal): Promise<DeviceOption[]> {
  const answer = await api.get<{ rows: DeviceRow[]; total: number }>(
    '/device',
    { page: 1, limit: DEVICE_OPTION_LIMIT, search },
    { signal, notify: false },
  );
  return answer.rows.map(optionOf);
}

export function useDeviceOptions(search: string) {
  return useQuery({
    queryKey: historyKeys.deviceOptions(search),
    queryFn: ({ signal }) => searchDevices(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** The picked device (from the URL), so its title shows before any search lists it. */
export function usePickedDevice(id: number | null) {
  return useQuery({
    queryKey: deviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDevice(id ?? 0, signal),
    enabled: id !== null && id > 0,
    select: optionOf,
    retry: false,
  });
}
