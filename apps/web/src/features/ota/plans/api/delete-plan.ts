import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys } from './keys';

/** DELETE /ota/plans/{id}: a completed or aborted plan. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/ota/plans/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaPlanKeys.lists() }),
  });
}
