import type { WorkOrderNoticeRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { workOrderKeys } from './keys';

/** GET /maintenance/notices: my work order notices (dispatched, due soon, overdue), newest first. */
export function listMyNotices(signal?: AbortSignal) {
  return api.get<WorkOrderNoticeRow[]>('/maintenance/notices', undefined, { signal, notify: false });
}

/** Re-read every minute: the leader's due tick writes notices while the page is open. */
export function useMyNotices() {
  return useQuery({
    queryKey: workOrderKeys.notices(),
    queryFn: ({ signal }) => listMyNotices(signal),
    refetchInterval: 60_000,
    retry: false,
  });
}
