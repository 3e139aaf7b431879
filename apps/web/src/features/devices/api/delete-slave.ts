import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function deleteSlave(input: { deviceId: number; sid: number }) {
  return api.delete<null>(`/device/${input.deviceId}/slavedevice/${input.sid}`);
}

export function useDeleteSlave(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlave,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
