import type { ListResult, WorkOrderRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

export type WorkOrderListParams = Record<string, QueryValue>;

/** GET /maintenance/work-orders (docs/maintenance.md). The page shows its own load error. */
export function listWorkOrders(query: WorkOrderListParams, signal?: AbortSignal) {
  return api.get<ListResult<WorkOrderRow>>('/maintenance/work-orders', query, { signal, notify: false });
}

export function useWorkOrders(query: WorkOrderListParams) {
  return useQuery({
    queryKey: workOrderKeys.list(query),
    queryFn: ({ signal }) => listWorkOrders(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
