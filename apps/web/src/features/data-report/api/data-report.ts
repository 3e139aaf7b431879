import type { DataReportAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ReportParams } from '../lib/report-query';
import { reportKeys } from './keys';

export type ReportQuery = ReportParams & { page: number; limit: number };

/** GET /dataCenter/dataReportV2 (permission DataReportV2); errors are toasted (10002 names the field). */
export function getDataReport(query: ReportQuery, signal?: AbortSignal) {
  // Long ranges over many devices take a while to compute.
  return api.get<DataReportAnswer>(
    '/dataCenter/dataReportV2',
    { ...query },
    {
      signal,
      timeoutMs: 60_000,
    },
  );
}

/** The report of a complete form; idle while `query` is null. */
export function useDataReport(query: ReportQuery | null, enabled = true) {
  return useQuery({
    queryKey: reportKeys.report(query ?? {}),
    queryFn: ({ signal }) => getDataReport(query as ReportQuery, signal),
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
