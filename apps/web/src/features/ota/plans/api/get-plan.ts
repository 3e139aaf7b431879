import type { OtaPlanDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys, PLAN_POLL_MS } from './keys';

/** GET /ota/plans/{id}: the plan with its progress per group, re-read while it runs or pauses. */
export function usePlan(id: number | null) {
  return useQuery({
    queryKey: otaPlanKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<OtaPlanDetail>(`/ota/plans/${id}`, undefined, { signal, notify: false }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state === 'running' || state === 'paused' ? PLAN_POLL_MS : false;
    },
  });
}
