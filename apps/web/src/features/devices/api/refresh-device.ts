import type { RefreshResult } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function refreshDevice(deviceId: number) {
  return api.get<RefreshResult>(`/device/refresh/${deviceId}`);
}

/** GET /device/refresh/:id: a DTU polls now; the latest values are re-read shortly after. */
export function useRefreshDevice(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDevice(deviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.lastdp(deviceId) }),
  });
}
