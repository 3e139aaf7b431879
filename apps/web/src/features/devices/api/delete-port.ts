import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

/** DELETE a port: its slaves stay, without port. */
export function deletePort(input: { deviceId: number; portId: number }) {
  return api.delete<null>(`/device/${input.deviceId}/port/${input.portId}`);
}

export function useDeletePort(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
