import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** DELETE /device/onofflinelog/{id} (owner side of the device only). */
export function deleteOnOffline(id: number) {
  return api.delete<null>(`/device/onofflinelog/${id}`);
}

export function useDeleteOnOffline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOnOffline,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.onofflines() }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.feeds() }),
      ]),
  });
}
