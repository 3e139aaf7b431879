import type { PlanDetail } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { planKeys } from './plans';

/** Stores a plan's new detail and refetches the plan lists after a change. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (detail?: PlanDetail) => {
    if (detail) queryClient.setQueryData(planKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
  };
}
