import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function deletePoint(input: { deviceId: number; pointId: number }) {
  return api.delete<null>(`/device/${input.deviceId}/datapoint/${input.pointId}`);
}

export function useDeletePoint(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
