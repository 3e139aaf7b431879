import type { OtaLogRow } from '@fleet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';
import { otaLogKeys } from './keys';

export interface LogListParams {
  page: number;
  limit: number;
  imei?: string;
  plan_id?: number;
  state?: string;
  starttime?: string;
  endtime?: string;
}

/** GET /ota/log (every step) or /ota/strace (failed steps with the gateway's trace), newest first. */
export function useOtaLog(kind: 'log' | 'strace', query: LogListParams) {
  return useQuery({
    queryKey: otaLogKeys.list(kind, query),
    queryFn: ({ signal }) =>
      api.get<{ rows: OtaLogRow[]; total: number }>(`/ota/${kind}`, { ...query }, { signal, notify: false }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
