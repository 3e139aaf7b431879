import type { PlanDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { planKeys } from './plans';

export function usePlan(id: number | null) {
  return useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<PlanDetail>(`/maintenance/plan/${id}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
