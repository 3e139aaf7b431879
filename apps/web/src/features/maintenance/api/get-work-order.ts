import type { WorkOrderDetail } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

/** GET /maintenance/work-orders/{id}: the order with its history and the events the caller may fire. */
export function getWorkOrder(id: number, signal?: AbortSignal) {
  return api.get<WorkOrderDetail>(`/maintenance/work-orders/${id}`, undefined, { signal, notify: false });
}

export function useWorkOrder(id: number | null) {
  return useQuery({
    queryKey: workOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getWorkOrder(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}
