import type { PlanDetail, PlanUserEvent } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useRefresh } from './refresh-plans';

export function usePlanAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, event }: { id: number; event: PlanUserEvent }) =>
      api.post<PlanDetail>(`/maintenance/plan/${id}/${event}`, {}),
    onSuccess: (detail) => refresh(detail),
  });
}
