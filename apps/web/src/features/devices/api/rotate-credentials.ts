import type { DeviceCredentials } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function rotateCredentials(id: number) {
  return api.post<DeviceCredentials>(`/device/${id}/credentials/rotate`);
}

export function useRotateCredentials(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCredentials(id),
    // The answer carries the plain secrets, shown once by the caller: the cache keeps only the identity.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.credentials(id) }),
  });
}
