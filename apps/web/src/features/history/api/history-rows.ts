import type { HistoryRowsAnswer } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { rowsQuery } from '../lib/history-params';
import { historyKeys } from './keys';

export type HistoryRowsParams = ReturnType<typeof rowsQuery>;

/** GET /device/history/rows (docs/api-datacenter.md): raw stored values of the points, newest first. */
export function listHistoryRows(query: HistoryRowsParams, signal?: AbortSignal) {
  return api.get<HistoryRowsAnswer>(
    '/device/history/rows',
    { ...query },
    {
      signal,
      notify: false,
      timeoutMs: 30_000,
    },
  );
}

export function useHistoryRows(query: HistoryRowsParams | null) {
  return useQuery({
    queryKey: historyKeys.rows(query ?? {}),
    queryFn: ({ signal }) => listHistoryRows(query as HistoryRowsParams, signal),
    enabled: query !== null && query.point_ids !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}
