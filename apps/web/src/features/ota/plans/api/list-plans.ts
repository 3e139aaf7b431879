import type { OtaPlanRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaPlanKeys, PLAN_POLL_MS } from './keys';

export interface PlanListParams {
  page: number;
  limit: number;
  search?: string;
  type?: 1 | 2;
  state?: string;
}

/** GET /ota/plans, re-read while a plan on the page runs. */
export function usePlans(query: PlanListParams) {
  return useQuery({
    queryKey: otaPlanKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaPlanRow[]; total: number }>('/ota/plans', { ...query }, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.state === 'running') ? PLAN_POLL_MS : false),
  });
}
