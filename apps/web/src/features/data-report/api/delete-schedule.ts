import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/dataCenter/reportSchedule/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}
