import type { WorkOrderDetail, WorkOrderEvent } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

export interface WorkOrderActionInput {
  id: number;
  event: WorkOrderEvent;
  /** dispatch: { assignee_id, note }; record: { note, photos, signature, checklist, parts }; others: { note }. */
  body: Record<string, unknown>;
}

/** POST /maintenance/work-orders/{id}/{event}: one transition of the order (docs/maintenance.md). */
export function workOrderAction(input: WorkOrderActionInput) {
  return api.post<WorkOrderDetail>(`/maintenance/work-orders/${input.id}/${input.event}`, input.body);
}

export function useWorkOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: workOrderAction,
    onSuccess: (detail) => {
      queryClient.setQueryData(workOrderKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: workOrderKeys.lists() });
    },
  });
}
