import type { OtaPlanDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys } from './keys';

export type PlanAction = 'pause' | 'resume' | 'abort';

/** POST /ota/plans/{id}/pause|resume|abort. */
export function usePlanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PlanAction }) =>
      api.post<OtaPlanDetail>(`/ota/plans/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaPlanKeys.all }),
  });
}
