import type { PlanBody, PlanDetail } from '@fleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useRefresh } from './refresh-plans';

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBody }) =>
      id === null
        ? api.post<PlanDetail>('/maintenance/plan', body)
        : api.put<PlanDetail>(`/maintenance/plan/${id}`, body),
    onSuccess: (detail) => refresh(detail),
  });
}
