import type { ReportScheduleRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { reportKeys } from './keys';

export interface ScheduleListParams {
  page: number;
  limit: number;
}

/** GET /dataCenter/reportSchedule: the caller's own scheduled reports. */
export function listSchedules(query: ScheduleListParams, signal?: AbortSignal) {
  return api.get<{ rows: ReportScheduleRow[]; total: number }>(
    '/dataCenter/reportSchedule',
    { ...query },
    { signal, notify: false },
  );
}

export function useSchedules(query: ScheduleListParams) {
  return useQuery({
    queryKey: reportKeys.scheduleList(query),
    queryFn: ({ signal }) => listSchedules(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
