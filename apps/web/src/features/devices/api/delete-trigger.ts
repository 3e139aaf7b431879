import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateTriggers } from './save-trigger';

export function useDeleteTrigger(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/trigger/${id}`),
    onSuccess: () => invalidateTriggers(queryClient, deviceId),
  });
}
