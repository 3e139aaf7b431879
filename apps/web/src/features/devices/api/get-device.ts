import type { DeviceDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function getDevice(id: number, signal?: AbortSignal) {
  return api.get<DeviceDetail>(`/device/${id}`, undefined, { signal, notify: false });
}

export function useDevice(id: number) {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
