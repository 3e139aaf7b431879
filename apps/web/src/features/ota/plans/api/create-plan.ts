import type { OtaPlanCreateBody, OtaPlanDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys } from './keys';

/** POST /ota/plans: creates and starts the plan. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OtaPlanCreateBody) => api.post<OtaPlanDetail>('/ota/plans', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otaPlanKeys.all }),
  });
}
