import type { WorkOrderAssignee } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { planKeys } from './plans';

export function usePlanAssignees(enabled: boolean) {
  return useQuery({
    queryKey: planKeys.assignees(),
    queryFn: ({ signal }) =>
      api.get<WorkOrderAssignee[]>('/maintenance/plan/assignees', undefined, { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
