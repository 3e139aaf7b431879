import type { WorkOrderDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { enforcementKeys } from './enforcement';
import { workOrderKeys } from './keys';

export function useHandleEnforcementRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; assignee_id?: number | null; priority?: number }) =>
      api.post<WorkOrderDetail>(`/maintenance/enforcement/${input.id}/handle`, {
        assignee_id: input.assignee_id ?? null,
        priority: input.priority ?? 1,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: enforcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: workOrderKeys.lists() }),
      ]),
  });
}
