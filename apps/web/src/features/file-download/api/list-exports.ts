import type { ExportJobRow, ExportStatus } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { EXPORT_POLL_MS, pollInterval } from '../lib/file-format';
import { fileDownloadKeys } from './keys';

export interface ExportListParams {
  page: number;
  limit: number;
  status?: ExportStatus;
}

/** GET /dataCenter/fileDownload: the caller's export jobs, newest first (permission ExportFile). */
export function listExports(query: ExportListParams, signal?: AbortSignal) {
  return api.get<{ rows: ExportJobRow[]; total: number }>(
    '/dataCenter/fileDownload',
    { ...query },
    { signal, notify: false },
  );
}

/** The list, re-read every 2 s while a job on it is queued or running. */
export function useExports(query: ExportListParams) {
  return useQuery({
    queryKey: fileDownloadKeys.list(query),
    queryFn: ({ signal }) => listExports(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    refetchInterval: (q) => pollInterval(q.state.data?.rows, EXPORT_POLL_MS),
  });
}
