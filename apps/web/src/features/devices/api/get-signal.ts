import type { CsqReport } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function getSignal(deviceId: number, signal?: AbortSignal) {
  return api.get<CsqReport>(`/device/csq/${deviceId}`, undefined, { signal, notify: false });
}

export function useSignal(deviceId: number) {
  return useQuery({
    queryKey: deviceKeys.signal(deviceId),
    queryFn: ({ signal }) => getSignal(deviceId, signal),
    retry: false,
  });
}
