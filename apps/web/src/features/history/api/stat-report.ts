import type { EventStatRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../shared/api/client';
import { historyKeys } from './keys';

export type StatReportParams = Record<string, QueryValue> & { page: number; limit: number };

/** GET /device/eventStatReport (docs/api-alarms.md): per device, most alarms first. */
export function getStatReport(query: StatReportParams, signal?: AbortSignal) {
  return api.get<{ rows: EventStatRow[]; total: number }>('/device/eventStatReport', query, {
    signal,
    notify: false,
  });
}

export function useStatReport(query: StatReportParams) {
  return useQuery({
    queryKey: historyKeys.statReport(query),
    queryFn: ({ signal }) => getStatReport(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
