import type { DeviceCredentials } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function getCredentials(id: number, signal?: AbortSignal) {
  return api.get<DeviceCredentials>(`/device/${id}/credentials`, undefined, { signal });
}

export function useCredentials(id: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.credentials(id),
    queryFn: ({ signal }) => getCredentials(id, signal),
    enabled,
    retry: false,
  });
}
