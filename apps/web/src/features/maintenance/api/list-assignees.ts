import type { WorkOrderAssignee } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

/** GET /maintenance/assignees: users of the tenant an order can be dispatched to. */
export function listAssignees(signal?: AbortSignal) {
  return api.get<WorkOrderAssignee[]>('/maintenance/assignees', undefined, { signal, notify: false });
}

export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: workOrderKeys.assignees(),
    queryFn: ({ signal }) => listAssignees(signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
