import type { WorkOrderDetail } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { alarmKeys } from '../../alarms/api/keys';
import { workOrderKeys } from './keys';

export interface WorkOrderCreateInput {
  type?: number;
  title: string;
  description?: string;
  device_id?: number | null;
  alarm_id?: number | null;
  asset_id?: number | null;
  repair_type?: number | null;
  priority?: number;
  due_at?: string | null;
  assignee_id?: number | null;
  checklist?: string[];
}

/** POST /maintenance/work-orders; from an alarm the alarm log shows it dispatched, so it refreshes too. */
export function createWorkOrder(body: WorkOrderCreateInput) {
  return api.post<WorkOrderDetail>('/maintenance/work-orders', body);
}

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.logs() }),
      ]),
  });
}
