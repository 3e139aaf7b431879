import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from './keys';

/** DELETE /event/alarmlog/{id}; needs the device owned in the caller's data subtree. */
export function deleteAlarm(id: number) {
  return api.delete<null>(`/event/alarmlog/${id}`);
}

export function useDeleteAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlarm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.logs() }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.feeds() }),
      ]),
  });
}
